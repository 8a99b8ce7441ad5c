package dev.gabysql.core.tunnel;

import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.catalog.JdbcUrls.HostPort;
import dev.gabysql.core.error.GabyException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.config.hosts.ConfigFileHostEntryResolver;
import org.apache.sshd.client.config.hosts.HostConfigEntry;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.client.session.forward.ExplicitPortForwardingTracker;
import org.apache.sshd.common.SshException;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.common.util.net.SshdSocketAddress;
import org.apache.sshd.core.CoreModuleProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SSH tunnel of one database: an SSH session to its SSH host (through its jump hosts), with a port of
 * 127.0.0.1 forwarded to the database's host and port as the SSH host sees them. {@link #localServer()} opens it
 * on first use (a database nobody queries is never contacted) and again whenever the session has dropped, so that
 * the pool's next new connection goes through a live tunnel; {@link #close()} ends it with the pools, when the
 * process ends. Settings the database's {@code ssh} leaves out come from the OpenSSH client configuration, as
 * {@code ssh} takes them (docs/configuration.md#ssh-tunnels). Thread-safe.
 */
public final class SshTunnel implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SshTunnel.class);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration AUTH_TIMEOUT = Duration.ofSeconds(10);
    /** Keep-alives, so that a silently dropped session is noticed and the tunnel reopened. */
    private static final Duration HEARTBEAT = Duration.ofSeconds(15);

    private static final List<String> DEFAULT_KEYS = List.of("id_ed25519", "id_ecdsa", "id_rsa");

    private final String db;
    private final DatabaseConfig.Ssh ssh;
    private final HostPort target;
    private SshClient client;
    private HostKeyCheck hostKeys;
    private ClientSession session;
    private ExplicitPortForwardingTracker forwarding;
    private boolean closed;

    /**
     * @param db     the database's name, for errors and logs
     * @param target the database's host and port as the SSH host sees them
     */
    public SshTunnel(String db, DatabaseConfig.Ssh ssh, HostPort target) {
        this.db = db;
        this.ssh = ssh;
        this.target = target;
    }

    /**
     * The loopback address that leads to the database, the tunnel opened (again) first if it is not open.
     *
     * @throws GabyException SSH_UNREACHABLE, SSH_AUTH_FAILED, SSH_HOST_KEY_MISMATCH or SSH_HOST_KEY_UNKNOWN
     */
    public synchronized HostPort localServer() {
        if (closed) {
            throw SshFailures.unreachable(db, ssh.toString(), new IOException("the tunnel is closed"));
        }
        if (session == null || !session.isOpen() || forwarding == null || !forwarding.isOpen()) {
            if (session != null) {
                LOG.warn("Database `{}`: the SSH tunnel through {} dropped; opening it again.", db, ssh);
            }
            closeSession();
            open();
        }
        SshdSocketAddress bound = forwarding.getBoundAddress();
        return new HostPort(bound.getHostName(), bound.getPort());
    }

    /** Whether the tunnel is open now (for tests and the listing). */
    public synchronized boolean isOpen() {
        return session != null && session.isOpen() && forwarding != null && forwarding.isOpen();
    }

    private void open() {
        SshClient c = client();
        hostKeys.reset();
        HostConfigEntry entry = entry();
        ClientSession s = null;
        try {
            s = c.connect(entry, null, null).verify(CONNECT_TIMEOUT).getSession();
            s.auth().verify(AUTH_TIMEOUT);
            forwarding = s.createLocalPortForwardingTracker(
                    new SshdSocketAddress("127.0.0.1", 0), new SshdSocketAddress(target.host(), target.port()));
            session = s;
            LOG.info("Database `{}`: SSH tunnel {} -> {} through {}.", db, forwarding.getBoundAddress(), target, ssh);
        } catch (IOException | RuntimeException e) {
            closeQuietly(s);
            throw failure(e, entry);
        }
    }

    private GabyException failure(Exception e, HostConfigEntry entry) {
        if (hostKeys.refusal() != null) {
            return SshFailures.hostKey(db, hostKeys);
        }
        String where = entry.getUsername() + "@" + entry.getHostName() + ":" + entry.getPort()
                + (entry.getProxyJump() == null || entry.getProxyJump().isEmpty()
                        ? ""
                        : " via " + entry.getProxyJump());
        String text = String.valueOf(e.getMessage());
        if (e instanceof SshException && text.contains("authentication")) {
            return SshFailures.authFailed(db, where, keysTried(), e);
        }
        return SshFailures.unreachable(db, where, e);
    }

    private String keysTried() {
        List<String> keys = new ArrayList<>();
        if (ssh.keyFile() != null) {
            keys.add("the key " + ssh.keyFile());
        } else {
            keys.add("the default keys of ~/.ssh and those ~/.ssh/config names");
        }
        return String.join(", ", keys);
    }

    /** The SSH host as {@code ssh} would see it: the database's settings over the OpenSSH configuration's. */
    private HostConfigEntry entry() {
        try {
            HostConfigEntry e =
                    resolver().resolveEffectiveHost(ssh.host(), ssh.port(), null, ssh.user(), ssh.jump(), null);
            if (e == null) {
                e = new HostConfigEntry(
                        ssh.host(),
                        ssh.host(),
                        ssh.port() > 0 ? ssh.port() : 22,
                        ssh.user() != null ? ssh.user() : System.getProperty("user.name"),
                        ssh.jump());
            }
            return e;
        } catch (IOException e) {
            throw SshFailures.unreachable(db, ssh.toString(), e);
        }
    }

    private HostConfigEntryResolver resolver() {
        Path config = ssh.configFile() != null ? expand(ssh.configFile()) : home().resolve(".ssh/config");
        return Files.isRegularFile(config) ? new ConfigFileHostEntryResolver(config) : HostConfigEntryResolver.EMPTY;
    }

    /** The SSH client of this tunnel, made on first use: its host-key check, keys and configuration. */
    private SshClient client() {
        if (client == null) {
            SshClient c = SshClient.setUpDefaultClient();
            Path knownHosts = ssh.knownHosts() != null ? expand(ssh.knownHosts()) : home().resolve(".ssh/known_hosts");
            hostKeys = new HostKeyCheck(knownHosts, ssh.hostKeyChecking());
            c.setServerKeyVerifier(hostKeys);
            c.setHostConfigEntryResolver(resolver());
            List<Path> keys = keyFiles();
            if (!keys.isEmpty()) {
                c.setKeyIdentityProvider(new FileKeyPairProvider(keys));
            }
            SshAgentSocket.forSocket(ssh.agentSocket()).ifPresent(c::setAgentFactory);
            CoreModuleProperties.HEARTBEAT_INTERVAL.set(c, HEARTBEAT);
            CoreModuleProperties.HEARTBEAT_NO_REPLY_MAX.set(c, 3);
            c.start();
            client = c;
        }
        return client;
    }

    /** The key file given, else the default keys of ~/.ssh that exist (the configuration's IdentityFile too). */
    private List<Path> keyFiles() {
        if (ssh.keyFile() != null) {
            return List.of(expand(ssh.keyFile()));
        }
        List<Path> out = new ArrayList<>();
        for (String k : DEFAULT_KEYS) {
            Path p = home().resolve(".ssh").resolve(k);
            if (Files.isRegularFile(p)) {
                out.add(p);
            }
        }
        return out;
    }

    static Path expand(String path) {
        if (path.equals("~")) {
            return home();
        }
        return path.startsWith("~/") ? home().resolve(path.substring(2)) : Path.of(path);
    }

    private static Path home() {
        return Path.of(System.getProperty("user.home"));
    }

    private void closeSession() {
        if (forwarding != null) {
            try {
                forwarding.close();
            } catch (IOException ignored) {
                // the session goes next
            }
            forwarding = null;
        }
        closeQuietly(session);
        session = null;
    }

    private static void closeQuietly(ClientSession s) {
        if (s != null) {
            s.close(true);
        }
    }

    /** Ends the session and the client; the tunnel is not opened again. */
    @Override
    public synchronized void close() {
        closed = true;
        closeSession();
        if (client != null) {
            client.stop();
            client = null;
        }
    }
}
