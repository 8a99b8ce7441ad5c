package dev.gabysql.core.dialect.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DatabaseInfo;
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
import dev.gabysql.core.testing.StatsPostgres;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Verified TLS to a real PostgreSQL of the test's own ({@link StatsPostgres#startServer}) with {@code ssl = on} and
 * a certificate from a CA the test makes ({@code src/test/scripts/tls-certs.sh}, the openssl CLI), issued for
 * {@code localhost} and the machine's own non-loopback address: verify-full connects (and the session is
 * encrypted, pg_stat_ssl says); the same certificate reached as 127.0.0.1, which it was not issued for, and a
 * certificate checked against another CA are refused with TLS_NOT_VERIFIED; a plain connection to the
 * non-loopback address is made and reported (docs/configuration.md#verified-tls).
 */
class PostgresTlsTest {
    private static final Path SCRIPT = Path.of("src/test/scripts/tls-certs.sh");
    private static final CallContext CTX = CallContext.of("test");
    private static final String SSL_IN_USE = "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()";

    private static Path certs;
    private static String remoteAddress;
    private static StatsPostgres.Server server;
    private final List<LocalGabyService> services = new ArrayList<>();

    @BeforeAll
    static void startServerWithTls() throws Exception {
        certs = Files.createTempDirectory("gabysql-tls");
        remoteAddress = nonLoopbackAddress();
        String san = "DNS:localhost" + (remoteAddress == null ? "" : ",IP:" + remoteAddress);
        script("ca", certs.toString());
        script("server", certs.toString(), "server", san);
        Files.createDirectories(certs.resolve("other"));
        script("ca", certs.resolve("other").toString());
        server = StatsPostgres.startServer(
                "gabysql-pg-tls",
                "-c ssl=on -c ssl_cert_file=server.pem -c ssl_key_file=server.key",
                remoteAddress == null ? "127.0.0.1" : "127.0.0.1," + remoteAddress,
                data -> {
                    Files.copy(certs.resolve("server.pem"), data.resolve("server.pem"));
                    Files.copy(
                            certs.resolve("server.key"),
                            data.resolve("server.key"),
                            StandardCopyOption.COPY_ATTRIBUTES);
                    if (remoteAddress != null) {
                        Files.writeString(
                                data.resolve("pg_hba.conf"),
                                "host all all " + remoteAddress + "/32 trust\n",
                                StandardOpenOption.APPEND);
                    }
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

    @Test
    void verifyFullConnectsToTheHostTheCertificateIsFor() {
        LocalGabyService s = service(url("localhost"), Tls.VERIFY_FULL, certs.resolve("ca.pem"));

        assertThat(first(s, SSL_IN_USE)).isEqualTo(true);
        assertThat(warnings(s)).isEmpty();
    }

    @Test
    void aCaFileAloneMeansVerifyFull() {
        DatabaseConfig db = DatabaseConfig.of("db", url("127.0.0.1"))
                .caFile(certs.resolve("ca.pem").toString())
                .build();

        assertThat(db.tls()).isEqualTo(Tls.VERIFY_FULL);
    }

    @Test
    void aCertificateForAnotherHostNameIsRefused() {
        LocalGabyService s = service(url("127.0.0.1"), Tls.VERIFY_FULL, certs.resolve("ca.pem"));

        assertThatThrownBy(() -> first(s, "SELECT 1")).isInstanceOfSatisfying(GabyException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.TLS_NOT_VERIFIED);
            assertThat(e.getMessage()).contains("127.0.0.1");
        });
    }

    @Test
    void aCertificateOfAnotherCaIsRefused() {
        LocalGabyService s = service(url("localhost"), Tls.VERIFY_CA, certs.resolve("other/ca.pem"));

        assertThatThrownBy(() -> first(s, "SELECT 1"))
                .isInstanceOfSatisfying(
                        GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.TLS_NOT_VERIFIED));
    }

    @Test
    void aPlainConnectionToARemoteHostIsReported() {
        Assumptions.assumeTrue(remoteAddress != null, "this machine has no non-loopback IPv4 address");
        LocalGabyService plain = service(url(remoteAddress), Tls.DISABLE, null);

        assertThat(first(plain, SSL_IN_USE)).isEqualTo(false);
        assertThat(warnings(plain))
                .singleElement()
                .asString()
                .contains(remoteAddress + ":" + server.port(), "is not encrypted", "verify-full");
        assertThat(plain.transportWarnings()).containsOnlyKeys("db");

        LocalGabyService byDefault = service(url(remoteAddress), null, null);
        assertThat(first(byDefault, SSL_IN_USE)).isEqualTo(true); // pgJDBC's prefer: encrypted, never verified
        assertThat(warnings(byDefault)).singleElement().asString().contains("is not verified");

        LocalGabyService verified = service(url(remoteAddress), Tls.VERIFY_FULL, certs.resolve("ca.pem"));
        assertThat(first(verified, SSL_IN_USE)).isEqualTo(true);
        assertThat(warnings(verified)).isEmpty();
        assertThat(verified.transportWarnings()).isEmpty();
    }

    private String url(String host) {
        return "jdbc:postgresql://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + server.port()
                + "/postgres?user=postgres";
    }

    private LocalGabyService service(String url, Tls tls, Path ca) {
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

    private static List<String> warnings(LocalGabyService s) {
        DatabaseInfo info = s.listDatabases(CTX).get(0);
        return info.warnings();
    }

    @org.junit.jupiter.api.AfterEach
    void closeServices() {
        services.forEach(LocalGabyService::close);
    }

    /** The first IPv4 address of an interface that is up and not loopback, or null. */
    private static String nonLoopbackAddress() throws IOException {
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!nic.isUp() || nic.isLoopback()) {
                continue;
            }
            for (InetAddress a : Collections.list(nic.getInetAddresses())) {
                if (a instanceof Inet4Address && !a.isLoopbackAddress() && !a.isLinkLocalAddress()) {
                    return a.getHostAddress();
                }
            }
        }
        return null;
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
