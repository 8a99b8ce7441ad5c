package dev.gabysql.mcp.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.IntegrityReport;
import dev.gabysql.core.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** gabysql_health's integrity report built by hand is the JSON the mapper writes for the record. */
class HealthToolTest {
    @Test
    void theReportIsWhatTheMapperWritesForTheRecord() throws Exception {
        List<IntegrityReport> reports = List.of(
                new IntegrityReport("shop", true, "PRAGMA integrity_check", null, List.of()),
                new IntegrityReport("pg", false, "amcheck", "12 indexes", List.of("index \"a\" is corrupt", "é 😀")),
                new IntegrityReport(null, false, null, null, List.of()));
        for (IntegrityReport r : reports) {
            assertThat(Json.MAPPER.writeValueAsString(HealthTool.json(r))).isEqualTo(Json.MAPPER.writeValueAsString(r));
        }
    }
}
