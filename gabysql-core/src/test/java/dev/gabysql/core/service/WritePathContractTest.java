package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.json.Json;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes by dry-run and confirm (docs/design.md#writes-preview-and-confirm), against a real engine: a preview never
 * persists, a confirm commits exactly once, every misuse of a token is refused, and a change between preview and
 * confirm is caught.
 */
abstract class WritePathContractTest {
    static final String DB = "shop";
    final CallContext ctx = CallContext.of("test");

    @TempDir
    Path tmp;

    String url;
    LocalGabyService service;

    protected abstract String createFixture(Path dir);

    /** The URL gabysql's service connects with: the fixture's own; a subclass may put a pooler in between. */
    protected String serviceUrl(String fixtureUrl) {
        return fixtureUrl;
    }

    LocalGabyService open(Mode mode, Duration tokenTtl) {
        if (url == null) {
            url = createFixture(tmp);
        }
        Settings settings = new Settings(
                        mode, Limits.DEFAULT, Duration.ofSeconds(30), tmp.resolve("audit.jsonl"), "test-key", tokenTtl)
                .withApproval(ApprovalPolicy.AGENT);
        return new LocalGabyService(
                new Catalog(List.of(
                        DatabaseConfig.of(DB, serviceUrl(url)).build(),
                        DatabaseConfig.of("other", serviceUrl(url)).build())),
                settings);
    }

    LocalGabyService rw() {
        if (service == null) {
            service = open(Mode.READWRITE, Duration.ofMinutes(5));
        }
        return service;
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    ExecuteResult exec(String sql, String token) {
        return rw().execute(ctx, new ExecuteRequest(DB, sql, List.of(), token, false));
    }

    Object scalar(String sql) {
        return TestDatabasesScalar.scalar(url, sql);
    }

    long zeroQty() {
        return ((Number) scalar("SELECT count(*) FROM items WHERE qty = 0")).longValue();
    }

    @Test
    void aPreviewShowsTheRowsAndChangesNothing() {
        ExecuteResult preview = exec("UPDATE items SET qty = 0 WHERE id <= 10", null);
        assertThat(preview.status()).isEqualTo("previewed");
        assertThat(preview.affectedRows()).isEqualTo(10);
        assertThat(preview.confirmToken()).startsWith("gct2.");
        assertThat(preview.preview()).isNotNull();
        assertThat(preview.preview().rows()).hasSize(10);
        assertThat(preview.notes().get(0)).contains("nothing changed");
        assertThat(zeroQty()).isZero();
    }

    @Test
    void aConfirmCommitsExactlyOnce() {
        String sql = "UPDATE items SET qty = 0 WHERE id <= 10";
        ExecuteResult preview = exec(sql, null);
        ExecuteResult done = exec(sql, preview.confirmToken());
        assertThat(done.status()).isEqualTo("committed");
        assertThat(done.affectedRows()).isEqualTo(10);
        assertThat(zeroQty()).isEqualTo(10);
        expect(() -> exec(sql, preview.confirmToken()), ErrorCode.CONFIRM_TOKEN_INVALID, "already used");
        assertThat(zeroQty()).isEqualTo(10);
    }

    @Test
    void aTokenConfirmsOnlyItsOwnStatementAndDatabase() {
        ExecuteResult preview = exec("UPDATE items SET qty = 0 WHERE id <= 10", null);
        expect(
                () -> exec("UPDATE items SET qty = 0 WHERE id <= 11", preview.confirmToken()),
                ErrorCode.CONFIRM_TOKEN_INVALID,
                "different statement");
        expect(
                () -> exec("DELETE FROM items WHERE id <= 10", preview.confirmToken()),
                ErrorCode.CONFIRM_TOKEN_INVALID,
                "different statement");
        expect(
                () -> rw().execute(
                                ctx,
                                new ExecuteRequest(
                                        "other",
                                        "UPDATE items SET qty = 0 WHERE id <= 10",
                                        List.of(),
                                        preview.confirmToken(),
                                        false)),
                ErrorCode.CONFIRM_TOKEN_INVALID,
                "database");
        expect(
                () -> rw().execute(
                                ctx,
                                new ExecuteRequest(
                                        DB,
                                        "UPDATE items SET qty = 0 WHERE id <= 10",
                                        List.of(1),
                                        preview.confirmToken(),
                                        false)),
                ErrorCode.CONFIRM_TOKEN_INVALID,
                "different statement");
        assertThat(zeroQty()).isZero();
    }

    @Test
    void aTamperedOrForeignTokenIsRefused() {
        String sql = "UPDATE items SET qty = 0 WHERE id <= 10";
        String token = exec(sql, null).confirmToken();
        String[] parts = token.split("\\.");
        String forged = parts[0] + "." + parts[1] + "." + new StringBuilder(parts[2]).reverse();
        expect(() -> exec(sql, forged), ErrorCode.CONFIRM_TOKEN_INVALID, "signature");
        expect(() -> exec(sql, "not-a-token"), ErrorCode.CONFIRM_TOKEN_INVALID, "malformed");
        try (LocalGabyService admin = open(Mode.ADMIN, Duration.ofMinutes(5))) {
            expect(
                    () -> admin.execute(ctx, new ExecuteRequest(DB, sql, List.of(), token, false)),
                    ErrorCode.CONFIRM_TOKEN_INVALID,
                    "mode");
        }
        assertThat(zeroQty()).isZero();
    }

    @Test
    void anExpiredTokenIsRefused() throws InterruptedException {
        service = open(Mode.READWRITE, Duration.ZERO);
        String sql = "UPDATE items SET qty = 0 WHERE id <= 10";
        String token = exec(sql, null).confirmToken();
        Thread.sleep(1_100);
        expect(() -> exec(sql, token), ErrorCode.CONFIRM_TOKEN_EXPIRED, "expired");
        assertThat(zeroQty()).isZero();
    }

    @Test
    void aChangeBetweenPreviewAndConfirmIsCaught() {
        String sql = "UPDATE items SET qty = 0 WHERE qty > 40";
        ExecuteResult preview = exec(sql, null);
        assertThat(preview.affectedRows()).isEqualTo(10);
        TestDatabases.run(url, "UPDATE items SET qty = 45 WHERE id = 1");
        expect(() -> exec(sql, preview.confirmToken()), ErrorCode.DATA_CHANGED, "changed since the preview");
        assertThat(zeroQty()).isZero();
    }

    /**
     * Issue 21 item 4: the token binds the rows the preview showed, not only their count. Between the preview and the
     * confirm, another session moves one row out of the WHERE and another one in: the same count, other rows.
     */
    @Test
    void aConfirmRefusesTheSameCountOfDifferentRows() {
        String sql = "DELETE FROM items WHERE qty < 5";
        ExecuteResult preview = exec(sql, null);
        assertThat(preview.affectedRows()).isEqualTo(4);
        TestDatabases.run(url, "UPDATE items SET qty = 100 WHERE id = 1", "UPDATE items SET qty = 0 WHERE id = 10");
        List<String> before = rows("SELECT id, name, qty FROM items ORDER BY id");
        expect(() -> exec(sql, preview.confirmToken()), ErrorCode.DATA_CHANGED, "changed");
        assertThat(rows("SELECT id, name, qty FROM items ORDER BY id")).isEqualTo(before);
        assertThat(before).hasSize(50).contains("1|item 1|100", "10|item 10|0");
    }

    /** The other half of item 4: rows unchanged since the preview are deleted by the confirm, once. */
    @Test
    void aConfirmOfUnchangedRowsCommitsThemOnce() {
        String sql = "DELETE FROM items WHERE qty < 5";
        ExecuteResult preview = exec(sql, null);
        assertThat(preview.affectedRows()).isEqualTo(4);
        assertThat(rows("SELECT id FROM items WHERE qty < 5 ORDER BY id")).containsExactly("1", "2", "3", "4");
        ExecuteResult done = exec(sql, preview.confirmToken());
        assertThat(done.status()).isEqualTo("committed");
        assertThat(done.affectedRows()).isEqualTo(4);
        assertThat(rows("SELECT id FROM items WHERE id < 7 ORDER BY id")).containsExactly("5", "6");
        assertThat(rows("SELECT count(*) FROM items")).containsExactly("46");
        expect(() -> exec(sql, preview.confirmToken()), ErrorCode.CONFIRM_TOKEN_INVALID, "already used");
        TestDatabases.run(url, "INSERT INTO items (id, name, qty) VALUES (1, 'back', 1)");
        expect(() -> exec(sql, preview.confirmToken()), ErrorCode.CONFIRM_TOKEN_INVALID, "already used");
        assertThat(rows("SELECT count(*) FROM items")).containsExactly("47");
    }

    @Test
    void updateOrDeleteWithoutWhereNeedsAllowFullTable() {
        expect(() -> exec("UPDATE items SET qty = 1", null), ErrorCode.FULL_TABLE_WRITE, "WHERE");
        expect(() -> exec("DELETE FROM items", null), ErrorCode.FULL_TABLE_WRITE, "WHERE");
        ExecuteResult full = rw().execute(ctx, new ExecuteRequest(DB, "DELETE FROM items", List.of(), null, true));
        assertThat(full.affectedRows()).isEqualTo(50);
        assertThat(((Number) scalar("SELECT count(*) FROM items")).longValue()).isEqualTo(50);
    }

    @Test
    void readonlyRefusesBeforeTouchingTheDatabase() {
        Catalog gone = new Catalog(List.of(DatabaseConfig.sqlite(DB, tmp.resolve("missing.db"))));
        try (LocalGabyService ro = new LocalGabyService(gone, Settings.DEFAULT.withApproval(ApprovalPolicy.AGENT))) {
            expect(
                    () -> ro.execute(
                            ctx, new ExecuteRequest(DB, "DELETE FROM items WHERE id = 1", List.of(), null, false)),
                    ErrorCode.READ_ONLY,
                    "readonly");
        }
        assertThat(Files.exists(tmp.resolve("missing.db"))).isFalse();
    }

    @Test
    void everyCallIsAudited() throws Exception {
        String sql = "UPDATE items SET qty = 0 WHERE id <= 2";
        String token = exec(sql, null).confirmToken();
        exec(sql, token);
        assertThatThrownBy(() -> exec("UPDATE items SET qty = 1", null)).isInstanceOf(GabyException.class);
        rw().query(ctx, QueryRequest.of(DB, "SELECT 1"));
        List<String> lines = Files.readAllLines(tmp.resolve("audit.jsonl"));
        assertThat(lines).hasSize(4);
        JsonNode preview = Json.MAPPER.readTree(lines.get(0));
        assertThat(preview.get("outcome").asText()).isEqualTo("previewed");
        assertThat(preview.get("rows").asLong()).isEqualTo(2);
        assertThat(preview.get("token_id").asText()).isNotBlank();
        JsonNode confirm = Json.MAPPER.readTree(lines.get(1));
        assertThat(confirm.get("outcome").asText()).isEqualTo("committed");
        assertThat(confirm.get("token_id").asText())
                .isEqualTo(preview.get("token_id").asText());
        assertThat(Json.MAPPER.readTree(lines.get(2)).get("outcome").asText()).isEqualTo("refused");
        assertThat(Json.MAPPER.readTree(lines.get(2)).get("error_code").asText())
                .isEqualTo("FULL_TABLE_WRITE");
        assertThat(Json.MAPPER.readTree(lines.get(3)).get("tool").asText()).isEqualTo("query");
    }

    /** Every row of {@code sql}, columns joined by {@code |}, read outside gabysql. */
    List<String> rows(String sql) {
        List<String> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    row.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                rows.add(row.toString());
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return rows;
    }

    static void expect(Runnable call, ErrorCode code, String messagePart) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(GabyException.class, e -> {
            assertThat(e.code()).isEqualTo(code);
            assertThat(e.getMessage()).containsIgnoringCase(messagePart);
        });
    }
}
