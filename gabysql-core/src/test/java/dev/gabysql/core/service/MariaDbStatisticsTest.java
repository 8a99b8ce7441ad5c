package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.testing.StatsMariaDb;
import dev.gabysql.core.testing.TestDatabases;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What MariaDB's reports read from performance_schema, on a MariaDB the test starts with it on (docs/dba.md#mariadb):
 * the heaviest statements of the database as digests, without the session plumbing around them, and an index no
 * statement has read.
 */
final class MariaDbStatisticsTest {
    private static final CallContext CTX = CallContext.of("test");
    private static String url;
    private static LocalGabyService service;

    @BeforeAll
    static void fixture() {
        url = StatsMariaDb.newDatabase();
        TestDatabases.run(
                url,
                "CREATE TABLE orders (id INT PRIMARY KEY AUTO_INCREMENT, customer_id INT NOT NULL,"
                        + " status VARCHAR(10) NOT NULL, KEY by_status (status)) ENGINE=InnoDB",
                "INSERT INTO orders (customer_id, status) SELECT seq % 500, IF(seq % 3 = 0, 'paid', 'open')"
                        + " FROM seq_1_to_20000",
                "SELECT COUNT(*) FROM orders WHERE customer_id = 42",
                "SELECT COUNT(*) FROM orders WHERE customer_id = 43",
                "SELECT COUNT(*) FROM orders WHERE customer_id = 44",
                "SELECT SLEEP(0.5)");
        service = DbaContractTest.service(url, null);
    }

    @AfterAll
    static void close() {
        if (service != null) {
            service.close();
        }
    }

    @Test
    void topQueriesAreTheDatabasesDigestsWithoutTheSessionPlumbing() {
        JsonNode top = DbaContractTest.health(service, "top_queries").json();
        assertThat(top.path("findings").get(0).path("facts").path("query").asText())
                .startsWith("SELECT `SLEEP`");
        JsonNode scan = null;
        for (JsonNode f : top.path("findings")) {
            String q = f.path("facts").path("query").asText();
            assertThat(q).as("plumbing").doesNotStartWith("SET ").doesNotStartWith("START TRANSACTION");
            if (q.startsWith("SELECT COUNT ( * ) FROM `orders`")) {
                scan = f;
            }
        }
        assertThat(scan).as("the three counts, one digest").isNotNull();
        assertThat(scan.path("facts").path("calls").asLong()).isEqualTo(3);
        assertThat(scan.path("facts").path("rows_examined").asLong()).isEqualTo(60_000);
        assertThat(scan.path("summary").asText()).contains("3 without an index");
        JsonNode byCalls = service.health(
                        CTX, new HealthRequest(DbaContractTest.DB, "top_queries", "calls", 1, null, null))
                .json();
        assertThat(byCalls.path("findings").get(0).path("facts").path("calls").asLong())
                .isGreaterThanOrEqualTo(3);
    }

    @Test
    void anIndexNoStatementReadIsUnused() {
        JsonNode health = DbaContractTest.health(service, "health").json();
        String db = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
        JsonNode unused = DbaContractTest.finding(health, "unused_indexes", "`" + db + "`.`orders` index by_status");
        assertThat(unused.path("fix").asText()).isEqualTo("ALTER TABLE `" + db + "`.`orders` DROP INDEX `by_status`");
    }
}
