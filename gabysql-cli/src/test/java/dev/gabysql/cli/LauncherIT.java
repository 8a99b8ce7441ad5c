package dev.gabysql.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.testing.TestDatabases;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code ./gabysql} launcher, run on a copy of the repository layout whose {@code mvn} is a stand-in that
 * "builds" by copying the real jar and chats on stdout like Maven does: the launcher must build only when the
 * jar is missing or older than a source or pom, keep every build line off stdout, and pass its arguments on.
 */
class LauncherIT {
    @TempDir
    Path repo;

    private Path jar;
    private Path builds;

    @BeforeEach
    void setUp() throws Exception {
        Files.copy(GabysqlProcess.root().resolve("gabysql"), repo.resolve("gabysql"));
        Files.writeString(repo.resolve("pom.xml"), "<project/>");
        Path src = Files.createDirectories(repo.resolve("gabysql-core/src/main/java"));
        Files.writeString(src.resolve("A.java"), "class A {}");
        jar = repo.resolve("gabysql-cli/target/gabysql.jar");
        builds = repo.resolve("builds.log");
        Path bin = Files.createDirectories(repo.resolve("bin"));
        Path mvn = bin.resolve("mvn");
        Files.writeString(
                mvn,
                "#!/bin/sh\n"
                        + "echo \"[INFO] BUILD OUTPUT $*\"\n"
                        + "echo build >> '" + builds + "'\n"
                        + "mkdir -p gabysql-cli/target && cp '" + GabysqlProcess.jar()
                        + "' gabysql-cli/target/gabysql.jar\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void buildsWhenTheJarIsMissingWithBuildOutputOnStderrOnly() throws Exception {
        GabysqlProcess.Result r = launch("--version");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("gabysql ").doesNotContain("BUILD OUTPUT", "building");
        assertThat(r.err()).contains("BUILD OUTPUT -B -q -DskipTests package", "building");
        assertThat(Files.readAllLines(builds)).hasSize(1);
    }

    @Test
    void doesNotBuildAFreshJarButRebuildsWhenASourceIsNewer() throws Exception {
        launch("--version");
        GabysqlProcess.Result fresh = launch("--version");
        assertThat(fresh.err()).isEmpty();
        assertThat(Files.readAllLines(builds)).hasSize(1);

        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(3600)));
        launch("--version");
        assertThat(Files.readAllLines(builds)).hasSize(2);

        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(3600)));
        Files.setLastModifiedTime(
                repo.resolve("gabysql-core/src/main/java/A.java"),
                FileTime.from(Instant.now().minusSeconds(7200)));
        Files.setLastModifiedTime(
                repo.resolve("pom.xml"), FileTime.from(Instant.now().minusSeconds(7200)));
        launch("--version");
        assertThat(Files.readAllLines(builds)).hasSize(2);
    }

    @Test
    void passesArgumentsThroughAndKeepsStdoutToTheProgram() throws Exception {
        launch("--version");
        GabysqlProcess.Result r = launch("sql", "--demo", "--format", "csv", "-c", "SELECT 'a b' AS \"x y\"");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEqualTo("x y\r\na b\r\n");
    }

    @Test
    @Timeout(60)
    void takesOverTheBuildLockOfABuilderThatIsGone() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path lock = Files.createDirectories(repo.resolve(".gabysql-build.lock"));
        Files.writeString(lock.resolve("pid"), gone.pid() + "\n");
        GabysqlProcess.Result r = launch("--version"); // waited 600 s on such a lock before
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("taking over");
        assertThat(Files.readAllLines(builds)).hasSize(1);
        assertThat(lock).doesNotExist();
    }

    @Test
    @Timeout(60)
    void waitsForTheBuildLockWhileItsBuilderRuns() throws Exception {
        Path lock = Files.createDirectories(repo.resolve(".gabysql-build.lock"));
        Files.writeString(lock.resolve("pid"), ProcessHandle.current().pid() + "\n");
        java.util.concurrent.CompletableFuture<GabysqlProcess.Result> r =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                    try {
                        return launch("--version");
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
        Thread.sleep(2_500);
        assertThat(r).isNotDone();
        assertThat(builds).doesNotExist();
        Files.delete(lock.resolve("pid"));
        Files.delete(lock); // the builder finished
        assertThat(r.get(30, TimeUnit.SECONDS).exit()).isZero();
        assertThat(Files.readAllLines(builds)).hasSize(1);
    }

    @Test
    void exitCodesPassThrough() throws Exception {
        launch("--version");
        assertThat(launch("sql", "--demo", "-c", "SELECT nope FROM nothing").exit())
                .isEqualTo(1);
        assertThat(launch("sql", "--bogus").exit()).isEqualTo(2);
    }

    @Test
    void recordsAnAppCdsArchiveAfterEachBuildAndAStaleOneNeverReachesStdout() throws Exception {
        Path scripts = Files.createDirectories(repo.resolve("packaging"));
        Files.copy(
                GabysqlProcess.root().resolve("packaging/cds-training.jsonl"), scripts.resolve("cds-training.jsonl"));
        Path jsa = jar.resolveSibling("gabysql.jsa");
        launch(Map.of("GABYSQL_CDS", "1"), "--version");
        assertThat(jsa).exists();
        assertThat(Files.size(jsa)).isGreaterThan(1_000_000);

        // a rebuilt jar is newer than its archive: the archive is recorded again before the run
        Files.setLastModifiedTime(jsa, FileTime.from(Instant.now().minusSeconds(3600)));
        FileTime old = Files.getLastModifiedTime(jsa);
        GabysqlProcess.Result rerun = launch(Map.of("GABYSQL_CDS", "1"), "--version");
        assertThat(Files.getLastModifiedTime(jsa)).isGreaterThan(old);
        assertThat(rerun.out()).startsWith("gabysql ");

        // an archive forced on the JVM after the jar changed: the JVM's complaint goes to stderr, never stdout
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(5)));
        GabysqlProcess.Result stale = launch(
                Map.of(
                        "GABYSQL_CDS",
                        "0",
                        "JAVA_OPTS",
                        "-Duser.home=" + repo + " -XX:SharedArchiveFile=" + jsa + " -Xshare:auto"),
                "--version");
        assertThat(stale.exit()).isZero();
        assertThat(stale.out())
                .startsWith("gabysql ")
                .doesNotContainIgnoringCase("shared")
                .doesNotContainIgnoringCase("warning");
    }

    /**
     * The archive holds what a PostgreSQL or MariaDB session loads from the jar, its lambdas included, although
     * the training that records it has no server (packaging/cds-*.lst: what the first answer would otherwise load from
     * the jar). The JDK's own classes are left out of the check: which of them a JDK loads on that path varies between
     * builds.
     */
    @ParameterizedTest
    @ValueSource(strings = {"postgres", "mariadb"})
    @Timeout(120)
    void aServerSessionLoadsTheJarsClassesFromTheArchive(String dialect) throws Exception {
        Path scripts = Files.createDirectories(repo.resolve("packaging"));
        for (String f : List.of("cds-training.jsonl", "cds-postgres.lst", "cds-mariadb.lst")) {
            Files.copy(GabysqlProcess.root().resolve("packaging").resolve(f), scripts.resolve(f));
        }
        launch(Map.of("GABYSQL_CDS", "1"), "--version");
        boolean pg = dialect.equals("postgres");
        String url = pg ? TestDatabases.newPostgresDatabase() : TestDatabases.newMariaDbDatabase();
        TestDatabases.run(
                url,
                pg
                        ? "CREATE TABLE t (id serial PRIMARY KEY, at timestamptz DEFAULT now(), tags text[])"
                        : "CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, at DATETIME(3) DEFAULT NOW(3), tag TEXT)",
                "INSERT INTO t (" + (pg ? "tags) VALUES ('{a,b}')" : "tag) VALUES ('a')"));
        Path log = repo.resolve("classes.log");
        List<String> replies = serverSession(
                url,
                log,
                List.of(
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}",
                        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":"
                                + "\"gabysql_describe_database\",\"arguments\":{\"db\":\"x\",\"detail\":\"full\"}}}",
                        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"gabysql_query\","
                                + "\"arguments\":{\"db\":\"x\",\"sql\":\"SELECT * FROM t\"}}}"));
        assertThat(replies).hasSize(3).allSatisfy(r -> assertThat(r).doesNotContain("\"isError\":true", "\"error\""));
        List<String> fromTheJar = Files.readAllLines(log).stream()
                .filter(l -> l.contains(" source: ") && !l.contains("shared objects file"))
                .filter(l -> !l.contains("source: __")) // generated: method-handle forms, proxies
                .filter(l -> !l.matches(".*\\[class,load\\] (java|javax|jdk|sun|com\\.sun)\\..*")) // the JDK's
                .filter(l -> !l.contains("client.socket.impl.UnixDomainSocket")) // MariaDB's: needs JNA, not archived
                .toList();
        assertThat(fromTheJar)
                .as("classes loaded from outside the archive in a " + dialect + " session: record" + " packaging/cds-"
                        + dialect + ".lst again (packaging/record-cds.sh)")
                .isEmpty();
    }

    /** The launcher's {@code mcp} on a server database, {@code lines} written one by one, each request's reply. */
    private List<String> serverSession(String url, Path classLog, List<String> lines) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(
                        repo.resolve("gabysql").toString(), "mcp", "--db", "x=" + url, "--audit-log", "none")
                .directory(repo.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment()
                .putAll(Map.of(
                        "PATH",
                        repo.resolve("bin") + ":" + System.getenv("PATH"),
                        "JAVA_HOME",
                        System.getProperty("java.home"),
                        "GABYSQL_CDS",
                        "1",
                        "JAVA_OPTS",
                        "-Duser.home=" + repo + " -Xlog:class+load=info:file=" + classLog));
        Process p = pb.start();
        List<String> replies = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), UTF_8));
                Writer in = new OutputStreamWriter(p.getOutputStream(), UTF_8)) {
            for (String line : lines) {
                in.write(line + "\n");
                in.flush();
                if (line.contains("\"id\"")) {
                    replies.add(out.readLine());
                }
            }
        } finally {
            p.waitFor(20, TimeUnit.SECONDS);
            p.destroyForcibly();
        }
        return replies;
    }

    private GabysqlProcess.Result launch(String... args) throws Exception {
        return launch(Map.of("GABYSQL_CDS", "0"), args);
    }

    private GabysqlProcess.Result launch(Map<String, String> extraEnv, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(repo.resolve("gabysql").toString()));
        cmd.addAll(List.of(args));
        String path = repo.resolve("bin") + ":" + System.getenv("PATH");
        Map<String, String> env = new HashMap<>(
                Map.of("PATH", path, "JAVA_HOME", System.getProperty("java.home"), "JAVA_OPTS", "-Duser.home=" + repo));
        env.putAll(extraEnv);
        return GabysqlProcess.run(repo, env, null, cmd);
    }
}
