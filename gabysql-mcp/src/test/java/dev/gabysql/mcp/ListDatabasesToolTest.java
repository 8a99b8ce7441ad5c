package dev.gabysql.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.service.DatabaseInfo;
import dev.gabysql.core.util.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A database entry built by hand is the JSON the mapper writes for a {@link DatabaseInfo}. */
class ListDatabasesToolTest {

    @Test
    void anEntryIsWhatTheMapperWritesForTheRecord() throws Exception {
        List<DatabaseInfo> infos = List.of(
                new DatabaseInfo("shop", "sqlite", "jdbc:sqlite:/tmp/shop.db", null, "readonly", List.of()),
                new DatabaseInfo("pg", "postgresql", "jdbc:postgresql://h/db?user=u&password=***", "Orders \"live\"",
                        "readwrite", List.of("superuser role", "é \uD83D\uDE00")),
                new DatabaseInfo("x", null, null, null, null, List.of()));
        for (DatabaseInfo d : infos) {
            assertThat(Json.MAPPER.writeValueAsString(ListDatabasesTool.entry(d)))
                    .isEqualTo(Json.MAPPER.writeValueAsString(d));
        }
    }
}
