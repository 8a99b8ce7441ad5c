package dev.gabysql.mcp.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A database entry built by hand is the JSON the mapper writes for a {@link DatabaseInfo}; a catalog longer than
 * the budget is cut and says so.
 */
class ListDatabasesToolTest {

    @Test
    void anEntryIsWhatTheMapperWritesForTheRecord() throws Exception {
        List<DatabaseInfo> infos = List.of(
                new DatabaseInfo("shop", "sqlite", "jdbc:sqlite:/tmp/shop.db", null, Mode.READONLY, List.of()),
                new DatabaseInfo(
                        "pg",
                        "postgresql",
                        "jdbc:postgresql://h/db?user=u&password=***",
                        "Orders \"live\"",
                        Mode.READWRITE,
                        List.of("superuser role", "é \uD83D\uDE00"),
                        ApprovalPolicy.HUMAN,
                        "read-only transactions for reads and the statement timeout, in the engine: set in every"
                                + " transaction and read back before the call runs, through pgbouncer (configured)"),
                new DatabaseInfo(
                        "trusted",
                        "sqlite",
                        "jdbc:sqlite:/tmp/t.db",
                        null,
                        Mode.ADMIN,
                        List.of(),
                        ApprovalPolicy.AGENT),
                new DatabaseInfo("x", null, null, null, null, List.of()));
        for (DatabaseInfo d : infos) {
            assertThat(Json.MAPPER.writeValueAsString(ListDatabasesTool.entry(d)))
                    .isEqualTo(Json.MAPPER.writeValueAsString(d));
        }
    }

    @Test
    void aCatalogLongerThanTheBudgetIsCutAndSaysSo() {
        List<DatabaseInfo> many = new java.util.ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            many.add(new DatabaseInfo(
                    "db" + i, "sqlite", "jdbc:sqlite:/data/tenants/db" + i + ".db", null, Mode.READONLY, List.of()));
        }
        com.fasterxml.jackson.databind.node.ObjectNode cut = ListDatabasesTool.listed(many, 200_000);
        assertThat(cut.toString().length()).isBetween(150_000, 200_400);
        assertThat(cut.get("truncated").asBoolean()).isTrue();
        assertThat(cut.get("note").asText()).contains("of 3000 databases");
        assertThat(cut.get("databases").get(0).get("name").asText()).isEqualTo("db0");

        com.fasterxml.jackson.databind.node.ObjectNode whole = ListDatabasesTool.listed(many.subList(0, 10), 200_000);
        assertThat(whole.get("databases")).hasSize(10);
        assertThat(whole.has("truncated")).isFalse();
        assertThat(ListDatabasesTool.listed(many.subList(0, 1), 10).get("databases"))
                .as("at least one")
                .hasSize(1);
    }
}
