package dev.gabysql.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A caller's own login replaces the one a URL names (docs/security.md#per-caller-database-roles): pgJDBC and MariaDB
 * Connector/J would otherwise let the URL's {@code user} win, and the caller would run as gabysql.
 */
class JdbcUrlsTest {

    @Test
    void theUrlsLoginGoesWhereverItStands() {
        assertThat(JdbcUrls.withoutLogin("jdbc:mariadb://h:3306/db?user=root&password=pw"))
                .isEqualTo("jdbc:mariadb://h:3306/db");
        assertThat(JdbcUrls.withoutLogin("jdbc:postgresql://h/db?user=postgres"))
                .isEqualTo("jdbc:postgresql://h/db");
        assertThat(JdbcUrls.withoutLogin("jdbc:postgresql://h/db?ssl=true&USER=x&connectTimeout=3&password=p"))
                .isEqualTo("jdbc:postgresql://h/db?ssl=true&connectTimeout=3");
        assertThat(JdbcUrls.withoutLogin("jdbc:mysql://root:pw@h/db?useSSL=true"))
                .isEqualTo("jdbc:mysql://h/db?useSSL=true");
        assertThat(JdbcUrls.withoutLogin("jdbc:postgresql://h/db?application_user=keep"))
                .isEqualTo("jdbc:postgresql://h/db?application_user=keep");
    }

    @Test
    void readsTheServerOfAUrlWithTheEnginesPortWhenItNamesNone() {
        assertThat(JdbcUrls.server("jdbc:postgresql://db.internal:6432/sales?user=a", 5432))
                .isEqualTo(new JdbcUrls.HostPort("db.internal", 6432));
        assertThat(JdbcUrls.server("jdbc:postgresql://db.internal/sales", 5432))
                .isEqualTo(new JdbcUrls.HostPort("db.internal", 5432));
        assertThat(JdbcUrls.server("jdbc:mariadb://u:p@[fd00::5]:3307/x", 3306))
                .isEqualTo(new JdbcUrls.HostPort("fd00::5", 3307));
    }

    @Test
    void aFailoverListOrAFileIsNoSingleServer() {
        assertThat(JdbcUrls.server("jdbc:postgresql://a:5432,b:5432/x", 5432)).isNull();
        assertThat(JdbcUrls.server("jdbc:sqlite:/tmp/x.db", 0)).isNull();
    }

    @Test
    void replacesTheServerAndKeepsTheRest() {
        assertThat(JdbcUrls.withServer(
                        "jdbc:postgresql://localhost:5432/sales?user=a&sslmode=require", "127.0.0.1", 40001))
                .isEqualTo("jdbc:postgresql://127.0.0.1:40001/sales?user=a&sslmode=require");
        assertThat(JdbcUrls.withServer("jdbc:mariadb://db/orders", "127.0.0.1", 40002))
                .isEqualTo("jdbc:mariadb://127.0.0.1:40002/orders");
    }

    @Test
    void loopbackIsLocalhostAnd127Slash8AndColonColon1AsWrittenNeverResolved() {
        assertThat(JdbcUrls.isLoopback("localhost")).isTrue();
        assertThat(JdbcUrls.isLoopback("LOCALHOST")).isTrue();
        assertThat(JdbcUrls.isLoopback("127.0.0.1")).isTrue();
        assertThat(JdbcUrls.isLoopback("127.5.6.7")).isTrue();
        assertThat(JdbcUrls.isLoopback("::1")).isTrue();
        assertThat(JdbcUrls.isLoopback("192.0.2.2")).isFalse();
        assertThat(JdbcUrls.isLoopback("127.0.0.1.example.com")).isFalse();
        assertThat(JdbcUrls.isLoopback("db.internal")).isFalse();
    }
}
