package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Attacks on the write path's preview: each statement goes to gabysql_execute WITHOUT a token, in admin mode (the
 * most permissive), and may be refused or previewed — either way, afterwards the database must be exactly as
 * before: same tables, same rows, same sequences, same roles and settings, no files. A preview is a promise that
 * nothing changed.
 */
abstract class PreviewAdversarialTest {
    static final String DB = "shop";
    final CallContext ctx = CallContext.of("test");

    @TempDir
    Path tmp;

    String url;
    LocalGabyService service;

    /** Creates the shop fixture and returns its JDBC URL. */
    protected abstract String createFixture(Path dir);

    /** The URL gabysql's service connects with: the fixture's own; a subclass may put a pooler in between. */
    protected String serviceUrl(String fixtureUrl) {
        return fixtureUrl;
    }

    /** Everything that must not change, as one comparable value. */
    protected abstract String snapshot();

    @BeforeEach
    void open() {
        url = createFixture(tmp);
        service = new LocalGabyService(
                new Catalog(List.of(DatabaseConfig.of(DB, serviceUrl(url)).build())),
                new Settings(
                                Mode.ADMIN,
                                new Limits(Duration.ofSeconds(5), 100, 200, 100_000),
                                Duration.ofSeconds(30),
                                null)
                        .withApproval(ApprovalPolicy.AGENT));
    }

    @AfterEach
    void close() {
        service.close();
    }

    void attack(String sql) {
        String before = snapshot();
        try {
            ExecuteResult r = service.execute(ctx, new ExecuteRequest(DB, sql, List.of(), null, true));
            assertThat(r.status()).as(sql).isIn("previewed", "no_preview");
        } catch (GabyException refused) {
            assertThat(refused.getMessage()).as(sql).isNotBlank();
        }
        assertThat(snapshot()).as("state after previewing: " + sql).isEqualTo(before);
        assertThat(tmp.toFile().list()).as("files after: " + sql).allMatch(f -> f.startsWith("shop.db"));
    }

    static Stream<String> common() {
        return Stream.of(
                "DELETE FROM items WHERE id < 10",
                "DELETE FROM items",
                "UPDATE items SET qty = qty * 100 WHERE id > 0",
                "INSERT INTO items (name, qty) VALUES ('x', 1)",
                "INSERT INTO items (name, qty) SELECT name, qty FROM items",
                "DROP TABLE items",
                "DROP TABLE big",
                "ALTER TABLE items ADD COLUMN evil int",
                "ALTER TABLE items RENAME TO gone",
                "CREATE TABLE evil (a int)",
                "CREATE INDEX evil_ix ON items(qty)",
                "CREATE VIEW evil_v AS SELECT 1 AS a",
                "DELETE FROM items WHERE id = 1; COMMIT",
                "COMMIT",
                "BEGIN",
                "ROLLBACK",
                "END",
                "SAVEPOINT s1",
                "RELEASE SAVEPOINT s1",
                "DELETE FROM items WHERE id = 1; DROP TABLE big",
                "UPDATE items SET qty = 0 WHERE id = 1 -- ; DROP TABLE big",
                "UPDATE items SET name = 'a;b' WHERE id = 2",
                "/* */ DELETE FROM items WHERE id = 3",
                "DELETE FROM items WHERE id IN (SELECT id FROM items WHERE qty > 10)",
                "UPDATE items SET qty = (SELECT max(qty) FROM items) WHERE id = 5",
                "INSERT INTO big (id, payload) VALUES (100000, 'x')",
                "DELETE FROM big WHERE id > 1000",
                "UPDATE big SET payload = NULL WHERE id < 100");
    }
}
