package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What every engine's DBA reports must hold (docs/dba.md#how-the-reports-run), with a short subclass per dialect
 * that adds its fixtures and their findings: the reports' session is read-only in the engine (a write from inside it
 * is refused by the database, not by gabysql), stops at the statement timeout, ends when the call is cancelled; every
 * report answers with what each check did; index advice refuses a write before anything runs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class DbaContractTest {
    static final String DB = "dba";
    static final CallContext CTX = CallContext.of("test");
    String url;
    LocalGabyService service;

    /** Makes the engine's fixture database; its URL (gabysql connects with it). */
    protected abstract String createFixture() throws Exception;

    /** A read that runs for about {@code seconds} seconds. */
    protected abstract String slowQuery(int seconds);

    /** A write the engine itself must refuse in the reports' session. */
    protected abstract String aWrite();

    /** Whether the table {@code aWrite} would have made or changed shows no trace of it, read outside gabysql. */
    protected abstract boolean writeLeftNoTrace();

    @BeforeAll
    void open() throws Exception {
        url = createFixture();
        service = service(url, null);
    }

    @AfterAll
    void close() {
        if (service != null) {
            service.close();
        }
    }

    static LocalGabyService service(String jdbcUrl, Duration timeout) {
        return new LocalGabyService(
                new Catalog(List.of(
                        DatabaseConfig.of(DB, jdbcUrl).statementTimeout(timeout).build())),
                Settings.DEFAULT.withMode(Mode.READONLY).withAuditLog(null));
    }

    @Test
    void aWriteFromInsideTheReportsSessionIsRefusedByTheEngine() {
        assertThatThrownBy(() -> service.inReportSession(CTX, DB, q -> q.rows(aWrite())))
                .isInstanceOfSatisfying(
                        GabyException.class,
                        e -> assertThat(e.code()).as(e.getMessage()).isEqualTo(ErrorCode.READ_ONLY));
        assertThat(writeLeftNoTrace()).isTrue();
    }

    @Test
    void theReportsSessionStopsAtTheStatementTimeout() {
        try (LocalGabyService quick = service(url, Duration.ofSeconds(1))) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> quick.inReportSession(CTX, DB, q -> q.rows(slowQuery(10))))
                    .isInstanceOfSatisfying(
                            GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT));
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(8));
            assertThat(health(quick, "health").json().path("checks").size()).isPositive(); // the reports fit in it
        }
    }

    @Test
    void theReportsSessionEndsWhenTheCallIsCancelled() throws Exception {
        Cancellation cancellation = new Cancellation();
        CallContext call = CTX.withCancellation(cancellation);
        CompletableFuture<Object> running =
                CompletableFuture.supplyAsync(() -> service.inReportSession(call, DB, q -> q.rows(slowQuery(10))));
        Thread.sleep(500);
        cancellation.cancel();
        assertThatThrownBy(() -> running.get(8, TimeUnit.SECONDS))
                .cause()
                .isInstanceOfSatisfying(
                        GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED));
    }

    @Test
    void everyReportSaysWhatEachCheckDidAndNoneFails() {
        for (String report : List.of("health", "top_queries", "activity")) {
            JsonNode r = health(service, report).json();
            assertThat(r.path("report").asText()).isEqualTo(report);
            assertThat(r.path("checks").size()).as(report).isPositive();
            for (JsonNode c : r.path("checks")) {
                assertThat(c.path("status").asText()).as(c.toString()).isNotEqualTo("failed");
                if (c.path("status").asText().equals("skipped")) {
                    assertThat(c.path("note").asText()).as(c.toString()).isNotBlank();
                }
            }
        }
    }

    @Test
    void indexAdviceRefusesAWriteBeforeAnythingRuns() {
        assertThatThrownBy(() -> service.adviseIndexes(CTX, DB, aWrite())).isInstanceOf(GabyException.class);
        assertThatThrownBy(() -> service.adviseIndexes(CTX, DB, "EXPLAIN " + slowQuery(1)))
                .isInstanceOf(GabyException.class);
        assertThat(writeLeftNoTrace()).isTrue();
    }

    @Test
    void anUnknownReportIsABadRequestNamingTheReports() {
        assertThatThrownBy(() -> service.health(CTX, HealthRequest.of(DB, "vacuum")))
                .isInstanceOfSatisfying(GabyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
                    assertThat(e.hint()).contains("health, top_queries or activity");
                });
    }

    /** {@code checks} narrows the health report to the named checks; a name it has no check of is refused. */
    @Test
    void checksNarrowTheHealthReportToTheNamedOnes() {
        JsonNode whole = health(service, "health").json();
        String first = whole.path("checks").get(0).path("name").asText();
        JsonNode only = service.health(
                        CTX, new HealthRequest(DB, "health", null, HealthRequest.MAX_LIMIT, null, List.of(first)))
                .json();
        assertThat(only.path("checks")).hasSize(1);
        assertThat(only.path("checks").get(0).path("name").asText()).isEqualTo(first);
        only.path("findings").forEach(f -> assertThat(f.path("check").asText()).isEqualTo(first));
        assertThatThrownBy(() -> service.health(
                        CTX, new HealthRequest(DB, "health", null, null, null, List.of("no_such_check"))))
                .isInstanceOfSatisfying(GabyException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
                    assertThat(e.hint()).contains(first);
                });
        assertThatThrownBy(
                        () -> service.health(CTX, new HealthRequest(DB, "activity", null, null, null, List.of(first))))
                .isInstanceOfSatisfying(
                        GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST));
    }

    static Rendered health(LocalGabyService s, String report) {
        return s.health(CTX, new HealthRequest(DB, report, null, HealthRequest.MAX_LIMIT, null, null));
    }

    static JsonNode finding(JsonNode report, String check, String object) {
        for (JsonNode f : report.path("findings")) {
            if (f.path("check").asText().equals(check)
                    && f.path("object").asText().equals(object)) {
                return f;
            }
        }
        throw new AssertionError("no " + check + " finding for " + object + " in " + report.toPrettyString());
    }

    static JsonNode check(JsonNode report, String name) {
        for (JsonNode c : report.path("checks")) {
            if (c.path("name").asText().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no check " + name + " in " + report);
    }
}
