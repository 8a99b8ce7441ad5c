package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gabysql approve}, the packaged jar: an agent's write, kept by a service with approval human in a store of
 * a temporary directory, is decided by a person on a real pseudo-terminal — and by nobody through a pipe.
 */
class ApproveIT {
    @TempDir
    Path dir;

    Path file;
    Path approvals;
    Path config;

    @BeforeEach
    void shop() throws Exception {
        file = TestDatabases.sqliteFile(
                dir,
                "shop",
                "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, n INTEGER NOT NULL DEFAULT 0)",
                "INSERT INTO items (id, name) VALUES (1, 'apple'), (2, 'pear'), (3, 'fig')");
        approvals = dir.resolve("approvals");
        config = dir.resolve("gabysql.toml");
        Files.writeString(
                config,
                "[server]\naudit_log = \"none\"\napprovals_dir = \"" + approvals + "\"\n\n[[databases]]\n"
                        + "name = \"shop\"\nurl = \"jdbc:sqlite:" + file + "\"\n");
    }

    @Test
    void refusesWithoutATerminalAndTheWriteStillWaits() throws Exception {
        String id = agentAsks("UPDATE items SET n = n + 1 WHERE id = 1");
        GabysqlProcess.Result piped = GabysqlProcess.gabysql(
                dir, Map.of(), id.substring(id.length() - 4) + "\n", "approve", "--config", config.toString(), id);
        assertThat(piped.exit()).isEqualTo(1);
        assertThat(piped.err()).contains("error [NOT_AN_APPROVER]", "interactive terminal");
        assertThat(piped.out()).doesNotContain("Committed");

        try (PtySession t = PtySession.startRedirected(
                dir, Map.of(), "< /dev/null", "approve", "--config", config.toString(), id)) {
            assertThat(t.exitCode()).isEqualTo(1);
            assertThat(t.screen()).contains("error [NOT_AN_APPROVER]").doesNotContain("Committed");
        }
        try (PtySession t = PtySession.startRedirected(
                dir, Map.of(), "| cat", "approve", "--config", config.toString(), "--reject", id)) {
            t.await("error [NOT_AN_APPROVER]");
            t.exitCode();
        }
        assertThat(n(1)).isZero();
        assertThat(stillWaiting()).extracting(PendingWrite::id).containsExactly(id);
    }

    @Test
    void onATerminalItShowsThePreviewAndCommitsOnceAndASecondApprovalIsRefused() throws Exception {
        String id = agentAsks("UPDATE items SET n = n + 1 WHERE id = 1");
        try (PtySession t = PtySession.start(dir, Map.of(), "approve", "--config", config.toString(), id)) {
            assertThat(t.await("type the last 4 characters of its id"))
                    .contains(id, "on `shop` (readwrite)", "asked by test-agent via mcp", "expires in")
                    .contains("UPDATE items SET n = n + 1 WHERE id = 1", "effect: 1 row", "items");
            t.mark();
            t.type(id.substring(id.length() - 4) + "\r");
            assertThat(t.await("Committed: 1 row affected on `shop`.")).doesNotContain("error");
            assertThat(t.exitCode()).isZero();
        }
        assertThat(n(1)).isEqualTo(1);

        try (PtySession t = PtySession.start(dir, Map.of(), "approve", "--config", config.toString(), id)) {
            assertThat(t.await("error [APPROVAL_CLOSED]")).contains("committed");
            assertThat(t.exitCode()).isEqualTo(1);
        }
        assertThat(n(1)).isEqualTo(1);
        assertThat(stillWaiting()).isEmpty();
    }

    @Test
    void theListLetsThePersonPickAWrongConfirmationDecidesNothingAndARejectionChangesNothing() throws Exception {
        String first = agentAsks("UPDATE items SET n = n + 1 WHERE id = 2");
        String second = agentAsks("DELETE FROM items WHERE id = 3");
        try (PtySession t = PtySession.start(dir, Map.of(), "approve", "--config", config.toString())) {
            assertThat(t.await("Approve which?"))
                    .contains("2 writes wait for approval", "[1]", first, "[2]", second, "DELETE FROM items");
            t.mark();
            t.type("1\r");
            t.await("type the last 4 characters");
            t.mark();
            t.type("yes\r");
            assertThat(t.await("Approve which?")).contains("Nothing decided: `" + first + "` still waits.");
            t.mark();
            t.type("r 2\r");
            t.await("[y/N]");
            t.mark();
            t.type("y\r");
            assertThat(t.await("Approve which?")).contains("Rejected: nothing changed on `shop`.", first);
            t.mark();
            t.type("\r");
            assertThat(t.exitCode()).isZero();
        }
        assertThat(n(2)).isZero();
        assertThat(count()).isEqualTo(3);
        assertThat(stillWaiting()).extracting(PendingWrite::id).containsExactly(first);
    }

    /** An agent's write through a service of this test's own, approval human: its approval id. */
    private String agentAsks(String sql) {
        try (LocalGabyService agent = service()) {
            ExecuteResult r = agent.execute(
                    CallContext.of("mcp").withClient("test-agent"),
                    new ExecuteRequest("shop", sql, List.of(), null, false));
            assertThat(r.status()).isEqualTo("awaiting_approval");
            assertThat(r.confirmToken()).isNull();
            return r.approvalId();
        }
    }

    private List<PendingWrite> stillWaiting() {
        try (LocalGabyService s = service()) {
            return s.pendingWrites(CallContext.of("test"));
        }
    }

    private LocalGabyService service() {
        return new LocalGabyService(
                new Catalog(List.of(DatabaseConfig.sqlite("shop", file))),
                Settings.DEFAULT
                        .withMode(Mode.READWRITE)
                        .withApprovals(new Settings.Approvals(ApprovalPolicy.HUMAN, approvals, null)));
    }

    private long n(int id) throws Exception {
        return Long.parseLong(query("SELECT n FROM items WHERE id = " + id));
    }

    private long count() throws Exception {
        return Long.parseLong(query("SELECT count(*) FROM items"));
    }

    private String query(String sql) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
