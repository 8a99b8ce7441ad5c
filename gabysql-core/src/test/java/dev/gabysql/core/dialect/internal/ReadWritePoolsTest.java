package dev.gabysql.core.dialect.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.TestDatabases;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A server that answers but refuses the connection says what to fix — the user or password (SQLSTATE class 28), the
 * database's name, the user's access to it — not "check that the server is running", and never shows the password.
 * The refusals come from the real servers (their SQLSTATEs and codes); each waits out the pool's connection
 * timeout, so they run side by side.
 */
class ReadWritePoolsTest {

    @Test
    void refusalsSayWhatToFix() {
        String pg = TestDatabases.newPostgresDatabase();
        String maria = TestDatabases.newMariaDbDatabase();
        Map<String, String> hintByUrl = new LinkedHashMap<>();
        hintByUrl.put(
                pg.replaceFirst("user=[^&]*", "user=no_such_role_x") + "&password=s3cretPW",
                "check user= and password=");
        hintByUrl.put(otherDatabase(pg), "no database of that name");
        hintByUrl.put(maria.replaceFirst("password=[^&]*", "password=s3cretPW"), "check user= and password=");
        hintByUrl.put(otherDatabase(maria), "does not let this user use");
        hintByUrl.put(TestDatabases.mariaDbAdminUrlFor("no_such_database_x"), "no database of that name");
        List<CompletableFuture<GabyException>> refusals = hintByUrl.keySet().stream()
                .map(url -> CompletableFuture.supplyAsync(() -> refusal(url)))
                .collect(Collectors.toList());
        int i = 0;
        for (Map.Entry<String, String> expected : hintByUrl.entrySet()) {
            GabyException e = refusals.get(i++).join();
            assertThat(e.code()).as(expected.getKey()).isEqualTo(ErrorCode.DATABASE_UNAVAILABLE);
            assertThat(e.hint()).as(expected.getKey()).contains(expected.getValue());
            assertThat(e.getMessage()).doesNotContain("s3cretPW");
        }
    }

    private static String otherDatabase(String url) {
        return url.replaceFirst("/([^/?]+)\\?", "/no_such_database_x?");
    }

    private static GabyException refusal(String url) {
        DatabaseConfig config = DatabaseConfig.of("x", url).build();
        try (LocalGabyService service = new LocalGabyService(new Catalog(List.of(config)), Settings.DEFAULT)) {
            long start = System.nanoTime();
            try {
                service.query(CallContext.of("test"), QueryRequest.of("x", "SELECT 1"));
                throw new AssertionError("connected: " + url);
            } catch (GabyException e) {
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .as("answered at once: %s", url)
                        .isLessThan(Duration.ofMillis(2_500));
                assertThat(Thread.currentThread().isInterrupted())
                        .as("no interrupt left behind")
                        .isFalse();
                return e;
            }
        }
    }
}
