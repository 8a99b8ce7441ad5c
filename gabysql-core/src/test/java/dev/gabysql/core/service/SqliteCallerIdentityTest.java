package dev.gabysql.core.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.CallerIdentity;
import dev.gabysql.core.api.DatabaseIdentity;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A caller whose token names a database role or a login of its own is never served as gabysql on a database that
 * has neither (docs/security.md#per-caller-database-roles): SQLite refuses both, and a caller without one is served.
 */
class SqliteCallerIdentityTest {
    @TempDir
    Path dir;

    @Test
    void aRoleOrALoginOnSqliteIsRefusedAndACallerWithoutOneIsServed() {
        Path file = TestDatabases.sqliteFile(dir, "shop", "CREATE TABLE t (id INTEGER)", "INSERT INTO t VALUES (1)");
        try (LocalGabyService service = new LocalGabyService(
                new Catalog(List.of(DatabaseConfig.sqlite("shop", file))), Settings.DEFAULT.withMode(Mode.READONLY))) {
            for (DatabaseIdentity who :
                    List.of(new DatabaseIdentity("analyst", null, null), new DatabaseIdentity(null, "alice", "pw"))) {
                CallContext ctx =
                        CallContext.of("http").withIdentity(new CallerIdentity("alice", null, Map.of("shop", who)));
                GabyException e = catchThrowableOfType(
                        () -> service.query(ctx, QueryRequest.of("shop", "SELECT id FROM t")), GabyException.class);
                assertThat(e.code()).as(who.toString()).isEqualTo(ErrorCode.CALLER_ROLE_NOT_SET);
                assertThat(e.getMessage()).doesNotContain("pw");
            }
            CallContext plain = CallContext.of("http").withIdentity(CallerIdentity.named("bob"));
            assertThat(service.query(plain, QueryRequest.of("shop", "SELECT id FROM t"))
                            .rows()
                            .toString())
                    .isEqualTo("[[1]]");
        }
    }
}
