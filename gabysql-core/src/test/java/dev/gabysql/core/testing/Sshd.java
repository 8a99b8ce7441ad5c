package dev.gabysql.core.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real OpenSSH server of the test's own (Debian's {@code openssh-server}: /usr/sbin/sshd, or
 * {@code GABYSQL_TEST_SSHD}) on a free port of 127.0.0.1, run in the foreground ({@code sshd -D -e}) as a child
 * process: its own host key, key authentication only (no passwords), the current OS user's login with a key made
 * for the test, and a known_hosts file that holds the host key. Stopped, and its directory deleted, by
 * {@link #close()}. Without sshd or ssh-keygen the test is skipped with the reason, unless
 * {@code GABYSQL_REQUIRE_ALL_DBS=1} (CI, whose {@code .ci/run} installs openssh-server), in which case it fails.
 * Not thread-safe.
 */
public final class Sshd implements AutoCloseable {
    private final Path dir;
    private final int port;
    private final Process process;

    private Sshd(Path dir, int port, Process process) {
        this.dir = dir;
        this.port = port;
        this.process = process;
    }

    /** Starts a server, or skips (fails in CI) with why it cannot. */
    public static Sshd start() {
        Path binary = Path.of(System.getenv().getOrDefault("GABYSQL_TEST_SSHD", "/usr/sbin/sshd"));
        if (!Files.isExecutable(binary) || !Files.isExecutable(Path.of("/usr/bin/ssh-keygen"))) {
            TestDatabases.skipOrFail("no OpenSSH server: " + binary + " or /usr/bin/ssh-keygen is missing"
                    + " (apt-get install openssh-server)");
        }
        try {
            Path dir = Files.createTempDirectory("gabysql-sshd");
            keygen(dir.resolve("host_key"));
            keygen(dir.resolve("client_key"));
            Files.copy(dir.resolve("client_key.pub"), dir.resolve("authorized_keys"));
            int port = freePort();
            Files.writeString(dir.resolve("known_hosts"), knownHostsLine(dir, port) + "\n");
            Files.writeString(dir.resolve("sshd_config"), config(dir, port));
            Files.createDirectories(Path.of("/run/sshd")); // sshd's privilege separation directory
            Process p = new ProcessBuilder(
                            binary.toString(),
                            "-D",
                            "-e",
                            "-f",
                            dir.resolve("sshd_config").toString())
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("sshd.log").toFile())
                    .start();
            Sshd sshd = new Sshd(dir, port, p);
            sshd.awaitListening();
            return sshd;
        } catch (IOException e) {
            TestDatabases.skipOrFail("the OpenSSH server could not be started: " + e.getMessage());
            throw new IllegalStateException(e);
        }
    }

    public int port() {
        return port;
    }

    /** The test's private key (OpenSSH format, no passphrase), whose public key the server accepts. */
    public Path clientKey() {
        return dir.resolve("client_key");
    }

    /** Lets the holder of the private key of {@code publicKey} (a .pub file) log in too. */
    public void authorize(Path publicKey) throws IOException {
        Files.writeString(
                dir.resolve("authorized_keys"), Files.readString(publicKey), java.nio.file.StandardOpenOption.APPEND);
    }

    /** A known_hosts file holding this server's host key for {@code [127.0.0.1]:PORT}. */
    public Path knownHosts() {
        return dir.resolve("known_hosts");
    }

    /** The server's known_hosts line ({@code [127.0.0.1]:PORT ssh-ed25519 AAAA…}). */
    public String knownHostsLine() throws IOException {
        return knownHostsLine(dir, port);
    }

    /** The SHA256 fingerprint of the server's host key, as {@code ssh-keygen -l} prints it. */
    public String fingerprint() throws IOException {
        String out = run(
                "ssh-keygen",
                "-l",
                "-E",
                "sha256",
                "-f",
                dir.resolve("host_key.pub").toString());
        return out.split(" ")[1];
    }

    /** A file of the test's own in the server's directory (deleted with it). */
    public Path file(String name) {
        return dir.resolve(name);
    }

    /** The server's log (sshd -e writes it to stderr): what it refused and why. */
    public String log() throws IOException {
        return Files.readString(dir.resolve("sshd.log"));
    }

    /**
     * Kills the server's per-connection processes (each SSH session's sshd child), as a dropped network link or a
     * restarted bastion would end them; the listening server stays, so that a tunnel can be opened again.
     */
    public void killSessions() throws InterruptedException {
        List<ProcessHandle> children = process.toHandle().descendants().toList();
        children.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle c : children) {
            c.onExit().orTimeout(10, TimeUnit.SECONDS).join();
        }
    }

    /** How many SSH sessions the server serves now. */
    public long sessions() {
        return process.toHandle().children().count();
    }

    @Override
    public void close() {
        process.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory; the system cleans it
        }
    }

    private static String config(Path dir, int port) {
        return String.join(
                "\n",
                "Port " + port,
                "ListenAddress 127.0.0.1",
                "HostKey " + dir.resolve("host_key"),
                "PidFile " + dir.resolve("sshd.pid"),
                "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                "StrictModes no",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "PubkeyAuthentication yes",
                "PermitRootLogin prohibit-password",
                "AllowTcpForwarding yes",
                "UsePAM no",
                "LogLevel VERBOSE",
                "");
    }

    private static String knownHostsLine(Path dir, int port) throws IOException {
        String[] pub = Files.readString(dir.resolve("host_key.pub")).strip().split(" ");
        return "[127.0.0.1]:" + port + " " + pub[0] + " " + pub[1];
    }

    /** Waits for the server's "Server listening" line (a probing connection would leave a child process behind). */
    private void awaitListening() throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (System.nanoTime() < deadline) {
            if (log().contains("Server listening on 127.0.0.1 port " + port)) {
                return;
            }
            if (!process.isAlive()) {
                throw new IOException("sshd exited: " + log());
            }
            sleep(50);
        }
        throw new IOException("sshd did not listen on port " + port + " within 15 s: " + log());
    }

    /** Makes an ed25519 key pair without passphrase at {@code key} and {@code key.pub}. */
    public static void keygenFor(Path key) throws IOException {
        keygen(key);
    }

    private static void keygen(Path key) throws IOException {
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "gabysql-test", "-f", key.toString());
    }

    static String run(String... command) throws IOException {
        try {
            Process p = new ProcessBuilder(new ArrayList<>(List.of(command)))
                    .redirectErrorStream(true)
                    .start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " failed: " + out.strip());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
