package dev.gabysql.core.dialect.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MariaDbUrlsTest {

    @Test
    void handlesBothSchemesAndNothingElse() {
        assertThat(MariaDbUrls.handles("jdbc:mariadb://h/db")).isTrue();
        assertThat(MariaDbUrls.handles("jdbc:mysql://h/db")).isTrue();
        assertThat(MariaDbUrls.handles("jdbc:postgresql://h/db")).isFalse();
        assertThat(MariaDbUrls.handles(null)).isFalse();
    }

    @Test
    void mysqlSchemeIsServedByTheMariaDbDriver() {
        assertThat(MariaDbUrls.forConnecting("jdbc:mysql://h:3307/sales?user=u"))
                .startsWith("jdbc:mariadb://h:3307/sales?user=u&");
    }

    @Test
    void safetyOptionsWinOverTheConfiguredOnes() {
        String url = MariaDbUrls.forConnecting("jdbc:mariadb://h/db?ALLOWMULTIQUERIES=true&allowLocalInfile=true"
                + "&permitMysqlScheme&useResetConnection=false&sslMode=verify-full");
        assertThat(url)
                .doesNotContainIgnoringCase("allowMultiQueries=true")
                .doesNotContainIgnoringCase("allowLocalInfile=true")
                .doesNotContainIgnoringCase("permitMysqlScheme")
                .doesNotContain("useResetConnection=false")
                .contains(
                        "allowMultiQueries=false",
                        "allowLocalInfile=false",
                        "useResetConnection=true",
                        "autocommit=false",
                        "connectionAttributes=program_name:gabysql",
                        "sslMode=verify-full");
    }

    @Test
    void aUrlWithoutOptionsGetsOurs() {
        assertThat(MariaDbUrls.forConnecting("jdbc:mariadb://h/db"))
                .startsWith("jdbc:mariadb://h/db?")
                .contains("allowMultiQueries=false");
    }
}
