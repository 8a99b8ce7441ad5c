package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The DBA reports on SQLite (docs/dba.md#sqlite): free pages after a drop, a big table without an index or a primary
 * key, statistics gone stale, foreign keys that point nowhere — each with its fix; the reports SQLite cannot give say
 * why; index advice is a guess from the statement, labelled so.
 */
final class SqliteDbaTest extends DbaContractTest {
    private Path file;

    @Override
    protected String createFixture() throws Exception {
        Path dir = Files.createTempDirectory("gabysql-dba");
        dir.toFile().deleteOnExit();
        file = TestDatabases.sqliteFile(
                dir,
                "shop",
                "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, status TEXT)",
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)"
                        + " INSERT INTO orders SELECT i, i % 500, 'open' FROM n",
                "CREATE INDEX orders_customer ON orders (customer_id)",
                "ANALYZE",
                "WITH RECURSIVE n(i) AS (SELECT 5001 UNION ALL SELECT i + 1 FROM n WHERE i < 12000)"
                        + " INSERT INTO orders SELECT i, i % 500, 'paid' FROM n",
                "CREATE TABLE events (payload TEXT)",
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)"
                        + " INSERT INTO events SELECT 'event ' || i FROM n",
                "CREATE TABLE notes (id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders (id), body TEXT)",
                "INSERT INTO notes VALUES (1, 999999, 'points nowhere')",
                "CREATE TABLE junk (filler TEXT)",
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)"
                        + " INSERT INTO junk SELECT hex(randomblob(1000)) FROM n",
                "DROP TABLE junk");
        file.toFile().deleteOnExit();
        return "jdbc:sqlite:" + file;
    }

    @Override
    protected String slowQuery(int seconds) {
        return "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n";
    }

    @Override
    protected String aWrite() {
        return "INSERT INTO events VALUES ('sneaky')";
    }

    @Override
    protected boolean writeLeftNoTrace() {
        return "0".equals(TestDatabases.firstRow(url, "SELECT count(*) FROM events WHERE payload = 'sneaky'"));
    }

    @Test
    void healthFindsFreePagesTheUnindexedTableStaleStatisticsAndDanglingKeys() {
        JsonNode r = health(service, "health").json();
        JsonNode free = finding(r, "freelist", "database file");
        assertThat(free.path("fix").asText()).isEqualTo("VACUUM");
        assertThat(free.path("fix_note").asText()).startsWith("admin mode, no preview");
        assertThat(finding(r, "no_index", "events").path("facts").path("rows").asLong())
                .isEqualTo(2000);
        assertThat(finding(r, "no_primary_key", "events").path("fix_note").asText())
                .contains("create the table again");
        JsonNode stale = finding(r, "analyze", "orders");
        assertThat(stale.path("fix").asText()).isEqualTo("ANALYZE orders");
        assertThat(stale.path("facts").path("rows_in_statistics").asLong()).isEqualTo(5000);
        assertThat(finding(r, "foreign_keys", "notes").path("summary").asText()).contains("1 row of notes");
        assertThat(check(r, "integrity").path("status").asText()).isEqualTo("ok");
    }

    @Test
    void topQueriesAndActivitySayWhySqliteHasNone() {
        assertThat(check(health(service, "top_queries").json(), "statement_statistics")
                        .path("note")
                        .asText())
                .contains("SQLite keeps no statistics");
        assertThat(check(health(service, "activity").json(), "sessions")
                        .path("note")
                        .asText())
                .contains("no sessions");
    }

    @Test
    void indexAdviceIsAGuessFromTheStatementLabelledAsOne() {
        JsonNode r = service.adviseIndexes(CTX, DB, "SELECT * FROM events e WHERE e.payload = 'event 7'")
                .json();
        JsonNode advice = r.path("advice");
        assertThat(advice.path("proven").asBoolean()).isFalse();
        assertThat(advice.path("candidates").get(0).path("create").asText())
                .isEqualTo("CREATE INDEX ix_events_payload ON events (payload)");
        assertThat(advice.path("notes").get(0).asText()).contains("a guess");
        assertThat(r.path("plan").toString()).contains("SCAN");
        assertThat(service.adviseIndexes(CTX, DB, "SELECT * FROM orders WHERE customer_id = 3")
                        .json()
                        .path("advice")
                        .path("candidates"))
                .isEmpty(); // it is already an index search
    }
}
