package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The container's entry point script, run here on the built jar (no Docker engine needed): arguments pass
 * through, stdout holds only gabysql's output, the connection comes from the environment. Also checks that the
 * Dockerfile wires the script and an unprivileged user.
 */
class DockerEntrypointIT {
    @TempDir
    Path dir;

    @Test
    void runsTheJarWithTheArgumentsAndNothingElseOnStdout() throws Exception {
        GabysqlProcess.Result r = entrypoint(Map.of(), "--version");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("gabysql ").contains("Java 17");
    }

    @Test
    void takesTheDatabaseFromTheEnvironment() throws Exception {
        Path db = dev.gabysql.core.testing.TestDatabases.sqliteFile(
                dir, "env", "CREATE TABLE t (x INTEGER)", "INSERT INTO t VALUES (7)");
        GabysqlProcess.Result r = entrypoint(
                Map.of("GABYSQL_DB_URL", db.toString(), "GABYSQL_DB_PASSWORD", "not-printed-secret"),
                "sql",
                "--format",
                "csv",
                "-c",
                "SELECT x FROM t");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEqualTo("x\r\n7\r\n");
        assertThat(r.err()).doesNotContain("not-printed-secret");
    }

    @Test
    void theDockerfileUsesTheEntrypointAndAnUnprivilegedUser() throws Exception {
        String dockerfile = Files.readString(GabysqlProcess.root().resolve("Dockerfile"));
        assertThat(dockerfile)
                .contains(
                        "FROM maven:3-eclipse-temurin-17 AS build",
                        "FROM eclipse-temurin:17-jre",
                        "COPY docker/entrypoint.sh /usr/local/bin/gabysql",
                        "USER gabysql",
                        "ENTRYPOINT [\"/usr/local/bin/gabysql\"]");
        assertThat(dockerfile).doesNotContainPattern("(?i)ENV\\s+GABYSQL_DB_PASSWORD");
    }

    private GabysqlProcess.Result entrypoint(Map<String, String> extra, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(
                "/bin/sh", GabysqlProcess.root().resolve("docker/entrypoint.sh").toString()));
        cmd.addAll(List.of(args));
        Map<String, String> env = new java.util.HashMap<>(extra);
        env.put("GABYSQL_JAR", GabysqlProcess.jar().toString());
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("JAVA_OPTS", "-Duser.home=" + dir);
        return GabysqlProcess.run(dir, env, null, cmd);
    }
}
