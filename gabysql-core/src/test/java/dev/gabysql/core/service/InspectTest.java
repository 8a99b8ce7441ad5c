package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.StatementInfo;
import dev.gabysql.core.api.StatementInfo.Kind;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code inspect}: what a statement is and what the call may do with it, from one guard pass, nothing run. */
class InspectTest {
    private static final CallContext CTX = CallContext.of("cli");

    @TempDir
    Path dir;

    @Test
    void eachKindOfStatementIsRoutedByWhatItIs() {
        try (LocalGabyService service = service(Mode.READWRITE)) {
            assertThat(service.inspect(CTX, "t", "SELECT * FROM items"))
                    .isEqualTo(new StatementInfo(Kind.READ, "SELECT", Mode.READONLY, Mode.READWRITE, false, false));
            assertThat(service.inspect(CTX, "t", "SHOW TABLES"))
                    .isEqualTo(
                            new StatementInfo(Kind.META, "SHOW TABLES", Mode.READONLY, Mode.READWRITE, false, false));
            StatementInfo delete = service.inspect(CTX, "t", "DELETE FROM items");
            assertThat(delete.kind()).isEqualTo(Kind.DATA_CHANGE);
            assertThat(delete.neededMode()).isEqualTo(Mode.READWRITE);
            assertThat(delete.fullTable()).isTrue();
            assertThat(delete.previewable()).isTrue();
            assertThat(delete.isWrite() && delete.allowedHere()).isTrue();
            StatementInfo ddl = service.inspect(CTX, "t", "DROP TABLE items");
            assertThat(ddl.kind()).isEqualTo(Kind.SCHEMA_CHANGE);
            assertThat(ddl.isWrite()).isTrue();
            assertThat(ddl.allowedHere()).isFalse(); // DDL needs admin
            StatementInfo begin = service.inspect(CTX, "t", "BEGIN");
            assertThat(begin.kind()).isEqualTo(Kind.REFUSED);
            assertThat(begin.neededMode()).isNull();
            assertThat(begin.isRead() || begin.isWrite()).isFalse();
        }
    }

    @Test
    void theEffectiveModeIsTheCallsAndNothingRuns() {
        try (LocalGabyService service = service(Mode.READONLY)) {
            StatementInfo insert = service.inspect(CTX, "t", "INSERT INTO items VALUES (9, 'z')");
            assertThat(insert.effectiveMode()).isEqualTo(Mode.READONLY);
            assertThat(insert.isWrite()).isTrue();
            assertThat(insert.allowedHere()).isFalse();
            assertThat(service.query(CTX, dev.gabysql.core.api.QueryRequest.of("t", "SELECT count(*) FROM items"))
                            .rows())
                    .containsExactly(List.of(1L));
        }
    }

    @Test
    void aTextTheGuardCannotReadAsOneStatementIsRefusedAsTheCallsWouldBe() {
        try (LocalGabyService service = service(Mode.READWRITE)) {
            assertThatThrownBy(() -> service.inspect(CTX, "t", "SELECT 1; DELETE FROM items"))
                    .isInstanceOfSatisfying(
                            GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.MULTIPLE_STATEMENTS));
            assertThatThrownBy(() -> service.inspect(CTX, "nope", "SELECT 1"))
                    .isInstanceOfSatisfying(
                            GabyException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_DATABASE));
        }
    }

    private LocalGabyService service(Mode mode) {
        Path file = TestDatabases.sqliteFile(
                dir,
                "t",
                "CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT)",
                "DELETE FROM items",
                "INSERT INTO items VALUES (1, 'a')");
        Catalog catalog = new Catalog(List.of(DatabaseConfig.sqlite("t", file)));
        return new LocalGabyService(catalog, Settings.DEFAULT.withMode(mode).withAuditLog(null));
    }
}
