package dev.gabysql.core.dialect.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.dialect.Dialects;
import org.junit.jupiter.api.Test;

/** The start-up warnings about how a database's connection is protected, as the dialects read the settings. */
class TransportTest {
    private static String warning(DatabaseConfig db) {
        Dialect d = Dialects.forDatabase(db);
        return d.transportWarning(db);
    }

    @Test
    void aLoopbackHostIsNeverWarnedAbout() {
        assertThat(warning(
                        DatabaseConfig.of("a", "jdbc:postgresql://localhost/a").build()))
                .isNull();
        assertThat(warning(DatabaseConfig.of("a", "jdbc:mariadb://127.0.0.1:3306/a")
                        .build()))
                .isNull();
        assertThat(warning(DatabaseConfig.sqlite("a", java.nio.file.Path.of("a.db"))))
                .isNull();
    }

    @Test
    void aRemoteHostIsWarnedAboutUnlessVerified() {
        assertThat(warning(DatabaseConfig.of("a", "jdbc:postgresql://db.internal/a")
                        .build()))
                .contains("db.internal:5432", "encrypted only if the server offers it");
        assertThat(warning(DatabaseConfig.of("a", "jdbc:postgresql://db.internal/a?sslmode=require")
                        .build()))
                .contains("not verified");
        assertThat(warning(
                        DatabaseConfig.of("a", "jdbc:mariadb://db.internal/a").build()))
                .contains("db.internal:3306", "is not encrypted");
        assertThat(warning(DatabaseConfig.of("a", "jdbc:mariadb://db.internal/a")
                        .tls(DatabaseConfig.Tls.VERIFY_CA)
                        .build()))
                .contains("not checked to be issued for the host");
        assertThat(warning(DatabaseConfig.of("a", "jdbc:mariadb://db.internal/a")
                        .tls(DatabaseConfig.Tls.VERIFY_FULL)
                        .build()))
                .isNull();
        assertThat(warning(DatabaseConfig.of("a", "jdbc:postgresql://db.internal/a?sslmode=verify-full")
                        .build()))
                .isNull();
    }

    @Test
    void throughATunnelTheLegBeyondTheSshHostCountsAndAnUncheckedHostKeyIsSaid() {
        DatabaseConfig local = DatabaseConfig.of("a", "jdbc:postgresql://localhost:5432/a")
                .ssh(DatabaseConfig.Ssh.to("bastion"))
                .build();
        assertThat(warning(local)).isNull();
        DatabaseConfig beyond = DatabaseConfig.of("a", "jdbc:postgresql://db.internal:5432/a")
                .ssh(DatabaseConfig.Ssh.to("bastion"))
                .build();
        assertThat(warning(beyond)).startsWith("Between the SSH host and the database");
        DatabaseConfig unchecked = DatabaseConfig.of("a", "jdbc:postgresql://localhost:5432/a")
                .ssh(new DatabaseConfig.Ssh(
                        "bastion", 0, null, null, null, null, DatabaseConfig.HostKeyChecking.NO, null, null))
                .build();
        assertThat(warning(unchecked)).contains("bastion", "key is not checked");
    }
}
