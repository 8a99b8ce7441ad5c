package dev.gabysql.core.dialect.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.catalog.DatabaseConfig.Tls;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.core.testing.StatsMariaDb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Verified TLS to a real MariaDB of the test's own ({@link StatsMariaDb#startServer}) with {@code --ssl-cert} from a
 * CA the test makes ({@code src/test/scripts/tls-certs.sh}), the certificate issued for {@code localhost}:
 * verify-full connects and the session is encrypted ({@code Ssl_cipher}); reached as 127.0.0.1, which the
 * certificate is not for, or checked against another CA, it is refused with TLS_NOT_VERIFIED
 * (docs/configuration.md#verified-tls).
 */
class MariaDbTlsTest {
    private static final Path SCRIPT = Path.of("src/test/scripts/tls-certs.sh");
    private static final CallContext CTX = CallContext.of("test");
    private static final String CIPHER =
            "SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS" + " WHERE VARIABLE_NAME = 'SSL_CIPHER'";

    private static Path certs;
    private static StatsMariaDb.Server server;
    private final List<LocalGabyService> services = new ArrayList<>();

    @BeforeAll
    static void startServerWithTls() throws Exception {
        certs = Files.createTempDirectory("gabysql-mariadb-tls");
        script("ca", certs.toString());
        script("server", certs.toString(), "server", "DNS:localhost");
        Files.createDirectories(certs.resolve("other"));
        script("ca", certs.resolve("other").toString());
        server = StatsMariaDb.startServer(
                "gabysql-mariadb-tls",
                dir -> List.of(
                        "--ssl-ca=" + dir.resolve("ca.pem"),
                        "--ssl-cert=" + dir.resolve("server.pem"),
                        "--ssl-key=" + dir.resolve("server.key")),
                dir -> {
                    Files.copy(certs.resolve("ca.pem"), dir.resolve("ca.pem"));
                    Files.copy(certs.resolve("server.pem"), dir.resolve("server.pem"));
                    Files.copy(certs.resolve("server.key"), dir.resolve("server.key"));
                });
    }

    @AfterAll
    static void stopServer() throws IOException {
        if (server != null) {
            server.close();
        }
        if (certs != null) {
            try (var all = Files.walk(certs)) {
                all.sorted(Collections.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @AfterEach
    void closeServices() {
        services.forEach(LocalGabyService::close);
    }

    @Test
    void verifyFullConnectsToTheHostTheCertificateIsFor() {
        LocalGabyService s = service("localhost", Tls.VERIFY_FULL, certs.resolve("ca.pem"));

        assertThat((String) first(s, CIPHER)).isNotBlank();
        assertThat(s.listDatabases(CTX).get(0).warnings()).isEmpty();
    }

    @Test
    void aCertificateForAnotherHostNameIsRefused() {
        LocalGabyService s = service("127.0.0.1", Tls.VERIFY_FULL, certs.resolve("ca.pem"));

        assertThatThrownBy(() -> first(s, "SELECT 1"))
                .isInstanceOfSatisfying(
                        GabyException.class,
                        e -> assertThat(e.code()).as(e.getMessage()).isEqualTo(ErrorCode.TLS_NOT_VERIFIED));
    }

    @Test
    void aCertificateOfAnotherCaIsRefused() {
        LocalGabyService s = service("localhost", Tls.VERIFY_CA, certs.resolve("other/ca.pem"));

        assertThatThrownBy(() -> first(s, "SELECT 1"))
                .isInstanceOfSatisfying(
                        GabyException.class,
                        e -> assertThat(e.code()).as(e.getMessage()).isEqualTo(ErrorCode.TLS_NOT_VERIFIED));
    }

    @Test
    void withoutTlsTheSessionIsPlain() {
        LocalGabyService s = service("localhost", Tls.DISABLE, null);

        assertThat((String) first(s, CIPHER)).isEmpty();
    }

    private LocalGabyService service(String host, Tls tls, Path ca) {
        String url = "jdbc:mariadb://" + host + ":" + server.port() + "/mysql?user=root";
        DatabaseConfig db = DatabaseConfig.of("db", url)
                .tls(tls)
                .caFile(ca == null ? null : ca.toString())
                .build();
        LocalGabyService s = new LocalGabyService(
                new Catalog(List.of(db)), new Settings(Mode.READONLY, Limits.DEFAULT, Duration.ofSeconds(30), null));
        services.add(s);
        return s;
    }

    private static Object first(LocalGabyService s, String sql) {
        return s.query(CTX, QueryRequest.of("db", sql)).rows().get(0).get(0);
    }

    private static void script(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed: " + out);
        }
        System.err.print(out);
    }
}
