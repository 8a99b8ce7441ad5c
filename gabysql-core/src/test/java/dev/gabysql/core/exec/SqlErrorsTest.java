package dev.gabysql.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Driver errors as gabysql's codes: out of memory (the SQL was fine) is VALUE_TOO_LARGE, with a way out. */
final class SqlErrorsTest {

    @Test
    void theDriversOutOfMemoryErrorsAreTooLargeValues() {
        GabyException pg = SqlErrors.translate(
                "Query on `db`",
                new SQLException("Ran out of memory retrieving query results.", "53200"),
                false,
                false);
        GabyException sqlite = SqlErrors.translate("Query on `db`", new SQLException("Out of memory"), false, false);
        for (GabyException e : new GabyException[] {pg, sqlite}) {
            assertThat(e.code()).isEqualTo(ErrorCode.VALUE_TOO_LARGE);
            assertThat(e.getMessage())
                    .isEqualTo("Query on `db`: a value in the result is too large to read into" + " memory.");
            assertThat(e.hint()).contains("substr(col, 1, 2000)", "length(col)");
        }
        assertThat(pg.sqlState()).isEqualTo("53200");
    }

    @Test
    void otherErrorsStaySqlErrors() {
        GabyException e = SqlErrors.translate(
                "Query on `db`", new SQLException("ERROR: column \"nope\" does not exist", "42703"), false, false);
        assertThat(e.code()).isEqualTo(ErrorCode.SQL_ERROR);
        assertThat(SqlErrors.translate("Query", new SQLException("out of memory in a function", "XX000"), false, false)
                        .code())
                .isEqualTo(ErrorCode.SQL_ERROR);
    }

    @Test
    void aLockHeldElsewhereIsLockedNotBadSql() {
        List<SQLException> locks = List.of(
                new SQLException("ERROR: canceling statement due to lock timeout", "55P03"),
                new SQLException("ERROR: deadlock detected", "40P01"),
                new SQLException("ERROR: could not serialize access due to concurrent update", "40001"),
                new SQLException("Lock wait timeout exceeded; try restarting transaction", "HY000", 1205),
                new SQLException("[SQLITE_BUSY] The database file is locked (database is locked)"),
                new SQLException("[SQLITE_LOCKED] A table in the database is locked (database table is locked)"));
        for (SQLException e : locks) {
            GabyException g = SqlErrors.translate("Query on `db`", e, false, false);
            assertThat(g.code()).as(e.getMessage()).isEqualTo(ErrorCode.LOCKED);
            assertThat(g.getMessage()).contains("another session holds a lock", e.getMessage());
            assertThat(g.hint()).contains("retry");
        }
        assertThat(SqlErrors.translate(
                                "Query",
                                new SQLException("canceling statement due to statement timeout", "57014"),
                                false,
                                false)
                        .code())
                .isEqualTo(ErrorCode.TIMEOUT);
        assertThat(SqlErrors.translate("Query", new SQLException("Unknown column", "42S22", 1054), false, false)
                        .code())
                .isEqualTo(ErrorCode.SQL_ERROR);
    }

    /** Seen as a user without write access to the directory of a WAL database (root cannot be kept out). */
    @Test
    void aWalDatabaseInADirectoryItMayNotWriteIsUnreadableNotReadOnly() {
        GabyException e = SqlErrors.translate(
                "Query on `w`",
                new SQLException(
                        "[SQLITE_READONLY_DIRECTORY] Process"
                                + " does not have permission to create a journal file in the same directory as the database and the"
                                + " creation of a journal file is a prerequisite for writing (attempt to write a readonly database)"),
                false,
                false);
        assertThat(e.code()).isEqualTo(ErrorCode.DATABASE_UNAVAILABLE);
        assertThat(e.getMessage()).contains("WAL-mode", "directory");
        assertThat(e.hint()).contains("journal_mode=DELETE", "immutable=1").doesNotContain("--mode");
        assertThat(SqlErrors.translate(
                                "Query",
                                new SQLException("[SQLITE_READONLY] attempt to write a readonly" + " database"),
                                false,
                                false)
                        .code())
                .isEqualTo(ErrorCode.READ_ONLY);
    }
}
