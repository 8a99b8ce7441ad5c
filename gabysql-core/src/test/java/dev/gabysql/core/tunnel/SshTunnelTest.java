package dev.gabysql.core.tunnel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.catalog.DatabaseConfig.HostKeyChecking;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.Sshd;
import dev.gabysql.core.testing.TestDatabases;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SSH tunnels against a real OpenSSH server ({@link Sshd}, key authentication only) in front of the test
 * PostgreSQL and MariaDB: the database's URL names {@code localhost} as the SSH host sees it, and the proof that a
 * connection went through the tunnel is on the database's side: the client port of the session belongs to an sshd
 * process ({@code ss -tnp}). Host keys that do not match, unknown hosts, refused keys, a dead SSH port, a tunnel
 * killed mid-session, a jump host and a ~/.ssh/config alias (docs/configuration.md#ssh-tunnels).
 */
class SshTunnelTest {
    private static final String DB = "behind";
    private static final CallContext CTX = CallContext.of("test");

    private Sshd sshd;
    private final List<AutoCloseable> closing = new ArrayList<>();

    @BeforeEach
    void startSshd() {
        sshd = Sshd.start();
        closing.add(sshd);
    }

    @AfterEach
    void stop() throws Exception {
        for (int i = closing.size() - 1; i >= 0; i--) {
            closing.get(i).close();
        }
    }

    @Test
    void postgresIsReachedThroughTheTunnelOnly() throws Exception {
        LocalGabyService s = service(postgresBehind(), ssh(sshd).build());
        assertThat(sshd.sessions()).isZero(); // opened lazily: nothing before the first call

        long clientPort =
                (Long) first(s, "SELECT client_port::bigint FROM pg_stat_activity WHERE pid = pg_backend_pid()");

        assertThat(sshd.sessions()).isEqualTo(1);
        assertThat(socketOwner(clientPort)).contains("sshd");
    }

    @Test
    void mariaDbIsReachedThroughTheSameKindOfTunnel() throws Exception {
        String url = TestDatabases.mariaDbAdminUrlFor("test").replaceFirst("//[^/:]+(:\\d+)?/", "//localhost:3306/");
        LocalGabyService s = service(url, ssh(sshd).build());

        String host = (String) first(s, "SELECT HOST FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()");

        long clientPort = Long.parseLong(host.substring(host.lastIndexOf(':') + 1));
        assertThat(socketOwner(clientPort)).contains("sshd");
        assertThat(sshd.sessions()).isEqualTo(1);
    }

    @Test
    void aHostKeyThatDoesNotMatchIsRefusedWithTheFingerprintShown() throws Exception {
        Path otherKey = sshd.file("other_host_key");
        Sshd.keygenFor(otherKey);
        String[] other = Files.readString(Path.of(otherKey + ".pub")).strip().split(" ");
        Path knownHosts = sshd.file("wrong_known_hosts");
        Files.writeString(knownHosts, "[127.0.0.1]:" + sshd.port() + " " + other[0] + " " + other[1] + "\n");
        LocalGabyService s =
                service(postgresBehind(), ssh(sshd).knownHosts(knownHosts).build());

        assertThatThrownBy(() -> first(s, "SELECT 1")).isInstanceOfSatisfying(GabyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.SSH_HOST_KEY_MISMATCH);
            assertThat(e.getMessage()).contains(fingerprint(sshd), knownHosts.toString());
            assertThat(e.hint()).contains("ssh-keygen -R");
        });
        assertThat(Files.readString(knownHosts))
                .doesNotContain(sshd.knownHostsLine().split(" ")[2]);
    }

    @Test
    void anUnknownHostIsRefusedUnlessNewHostsAreAccepted() throws Exception {
        Path knownHosts = sshd.file("empty_known_hosts");
        Files.writeString(knownHosts, "");
        LocalGabyService strict =
                service(postgresBehind(), ssh(sshd).knownHosts(knownHosts).build());

        assertThatThrownBy(() -> first(strict, "SELECT 1")).isInstanceOfSatisfying(GabyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.SSH_HOST_KEY_UNKNOWN);
            assertThat(e.getMessage()).contains(fingerprint(sshd));
        });

        LocalGabyService acceptNew = service(
                postgresBehind(),
                ssh(sshd)
                        .knownHosts(knownHosts)
                        .checking(HostKeyChecking.ACCEPT_NEW)
                        .build());
        assertThat(first(acceptNew, "SELECT 1")).isEqualTo(1L);
        assertThat(Files.readString(knownHosts)).contains(sshd.knownHostsLine().split(" ")[2]);
    }

    @Test
    void aKeyTheServerDoesNotKnowIsRefused() throws Exception {
        Path stranger = sshd.file("stranger_key");
        Sshd.keygenFor(stranger);
        LocalGabyService s = service(postgresBehind(), ssh(sshd).key(stranger).build());

        assertThatThrownBy(() -> first(s, "SELECT 1")).isInstanceOfSatisfying(GabyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.SSH_AUTH_FAILED);
            assertThat(e.getMessage()).contains(stranger.toString()).doesNotContain("PRIVATE");
        });
    }

    @Test
    void aPortWithoutSshIsUnreachable() throws Exception {
        int dead;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            dead = free.getLocalPort();
        }
        LocalGabyService s = service(postgresBehind(), ssh(sshd).port(dead).build());

        assertThatThrownBy(() -> first(s, "SELECT 1")).isInstanceOfSatisfying(GabyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.SSH_UNREACHABLE);
            assertThat(e.getMessage()).contains("127.0.0.1:" + dead);
        });
    }

    @Test
    void aTunnelKilledMidSessionIsReopenedByTheNextCall() throws Exception {
        LocalGabyService s = service(postgresBehind(), ssh(sshd).build());
        long before = (Long) first(s, "SELECT client_port::bigint FROM pg_stat_activity WHERE pid = pg_backend_pid()");

        sshd.killSessions();
        assertThat(sshd.sessions()).isZero();
        Thread.sleep(700); // past HikariCP's window within which a pooled connection is handed out unchecked

        long after = (Long) first(s, "SELECT client_port::bigint FROM pg_stat_activity WHERE pid = pg_backend_pid()");
        assertThat(after).isNotEqualTo(before);
        assertThat(socketOwner(after)).contains("sshd");
        assertThat(sshd.sessions()).isEqualTo(1);
    }

    @Test
    void aJumpHostLeadsToTheSshHost() throws Exception {
        Sshd jump = Sshd.start();
        closing.add(jump);
        jump.authorize(Path.of(sshd.clientKey() + ".pub"));
        Path knownHosts = sshd.file("both_known_hosts");
        Files.writeString(knownHosts, sshd.knownHostsLine() + "\n" + jump.knownHostsLine() + "\n");
        String user = System.getProperty("user.name");
        LocalGabyService s = service(
                postgresBehind(),
                ssh(sshd)
                        .knownHosts(knownHosts)
                        .jump(user + "@127.0.0.1:" + jump.port())
                        .build());

        assertThat(first(s, "SELECT 1")).isEqualTo(1L);
        assertThat(jump.sessions()).isEqualTo(1);
        assertThat(sshd.sessions()).isEqualTo(1);
        assertThat(jump.log()).contains("Accepted publickey");
    }

    @Test
    void anAliasOfTheSshConfigurationIsReadAsSshReadsIt() throws Exception {
        Path config = sshd.file("ssh_config");
        Files.writeString(
                config,
                "Host bastion\n  HostName 127.0.0.1\n  Port " + sshd.port() + "\n  User "
                        + System.getProperty("user.name") + "\n  IdentityFile " + sshd.clientKey() + "\n");
        DatabaseConfig.Ssh alias = new DatabaseConfig.Ssh(
                "bastion", 0, null, null, null, sshd.knownHosts().toString(), null, null, config.toString());
        LocalGabyService s = service(postgresBehind(), alias);

        assertThat(first(s, "SELECT 1")).isEqualTo(1L);
        assertThat(sshd.sessions()).isEqualTo(1);
    }

    @Test
    void theSshAgentLogsIn() throws Exception {
        Path socket = sshd.file("agent.sock");
        Process agent = new ProcessBuilder("ssh-agent", "-D", "-a", socket.toString())
                .redirectErrorStream(true)
                .redirectOutput(sshd.file("agent.log").toFile())
                .start();
        closing.add(() -> {
            agent.destroy();
            agent.waitFor(10, TimeUnit.SECONDS);
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!Files.exists(socket) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        ProcessBuilder add = new ProcessBuilder("ssh-add", sshd.clientKey().toString()).redirectErrorStream(true);
        add.environment().put("SSH_AUTH_SOCK", socket.toString());
        assertThat(add.start().waitFor()).isZero();
        Path empty = sshd.file("no_ssh_config");
        Files.writeString(empty, "");
        DatabaseConfig.Ssh viaAgent = new DatabaseConfig.Ssh(
                "127.0.0.1",
                sshd.port(),
                System.getProperty("user.name"),
                null,
                socket.toString(),
                sshd.knownHosts().toString(),
                null,
                null,
                empty.toString());
        LocalGabyService s = service(postgresBehind(), viaAgent);

        assertThat(first(s, "SELECT 1")).isEqualTo(1L);
        assertThat(sshd.log()).contains("Accepted publickey");
    }

    // --- helpers

    /** The test PostgreSQL's admin URL, naming the server as the SSH host sees it: localhost. */
    private static String postgresBehind() {
        return TestDatabases.postgresAdminUrl()
                .replaceFirst(
                        "//[^/]+/",
                        "//localhost:"
                                + java.net
                                        .URI
                                        .create(TestDatabases.postgresAdminUrl().substring(5))
                                        .getPort() + "/");
    }

    private LocalGabyService service(String url, DatabaseConfig.Ssh ssh) {
        Settings settings = new Settings(Mode.READONLY, Limits.DEFAULT, Duration.ofSeconds(30), null)
                .withApproval(ApprovalPolicy.AGENT);
        DatabaseConfig db = DatabaseConfig.of(DB, url).ssh(ssh).build();
        LocalGabyService s = new LocalGabyService(new Catalog(List.of(db)), settings);
        closing.add(s);
        return s;
    }

    private static Object first(LocalGabyService s, String sql) {
        return s.query(CTX, QueryRequest.of(DB, sql)).rows().get(0).get(0);
    }

    private static String fingerprint(Sshd sshd) {
        try {
            return sshd.fingerprint();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The process that holds the local end of the TCP connection from {@code port} ({@code ss -tnp}). */
    private static String socketOwner(long port) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("ss", "-tnpH", "sport = :" + port)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        return out;
    }

    private static SshBuilder ssh(Sshd sshd) {
        return new SshBuilder(sshd);
    }

    /** The tunnel's settings for the test's server, one changed at a time. */
    private static final class SshBuilder {
        private final Sshd sshd;
        private int port;
        private Path key;
        private Path knownHosts;
        private HostKeyChecking checking;
        private String jump;

        SshBuilder(Sshd sshd) {
            this.sshd = sshd;
            this.port = sshd.port();
            this.key = sshd.clientKey();
            this.knownHosts = sshd.knownHosts();
        }

        SshBuilder port(int p) {
            port = p;
            return this;
        }

        SshBuilder key(Path k) {
            key = k;
            return this;
        }

        SshBuilder knownHosts(Path k) {
            knownHosts = k;
            return this;
        }

        SshBuilder checking(HostKeyChecking c) {
            checking = c;
            return this;
        }

        SshBuilder jump(String j) {
            jump = j;
            return this;
        }

        DatabaseConfig.Ssh build() {
            Path noConfig = sshd.file("no_ssh_config");
            try {
                Files.writeString(noConfig, "");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return new DatabaseConfig.Ssh(
                    "127.0.0.1",
                    port,
                    System.getProperty("user.name"),
                    key.toString(),
                    sshd.file("no-agent.sock").toString(),
                    knownHosts.toString(),
                    checking,
                    jump,
                    noConfig.toString());
        }
    }
}
