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
}
