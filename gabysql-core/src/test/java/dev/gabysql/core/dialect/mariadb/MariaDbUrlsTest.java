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

    /** A Galera cluster's multi-host URL asking for replays: a replayed transaction could commit twice. */
    @Test
    void transactionReplayIsForcedOffOnMultiHostUrls() {
        String url = MariaDbUrls.forConnecting(
                "jdbc:mariadb:sequential://n1:3306,n2:3306,n3:3306/shop?transactionReplay=true&TRANSACTIONREPLAY=1");
        assertThat(url)
                .startsWith("jdbc:mariadb:sequential://n1:3306,n2:3306,n3:3306/shop?")
                .doesNotContainIgnoringCase("transactionReplay=true")
                .doesNotContainIgnoringCase("transactionReplay=1")
                .contains("transactionReplay=false");
        assertThat(url.toLowerCase(java.util.Locale.ROOT).split("transactionreplay=", -1))
                .hasSize(2);
    }

    /**
     * Connector/J's 120 retries when every host is down would hold a call for 30 s, and its 60 s denial would leave a
     * node that came back untried (galera.sh): 20 and 1 s unless the URL says.
     */
    @Test
    void retriesOverHostsAllDownDefaultToFewUnlessTheUrlSetsThem() {
        assertThat(MariaDbUrls.forConnecting("jdbc:mariadb:sequential://n1,n2/shop"))
                .contains("retriesAllDown=20", "deniedListTimeout=1000");
        assertThat(MariaDbUrls.forConnecting("jdbc:mariadb:sequential://n1,n2/shop?RetriesAllDown=200"))
                .contains("RetriesAllDown=200")
                .doesNotContain("retriesAllDown=20");
    }

    @Test
    void aUrlWithoutOptionsGetsOurs() {
        assertThat(MariaDbUrls.forConnecting("jdbc:mariadb://h/db"))
                .startsWith("jdbc:mariadb://h/db?")
                .contains("allowMultiQueries=false");
    }
}
