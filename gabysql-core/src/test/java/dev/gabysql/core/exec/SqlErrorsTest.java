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
        GabyException deadlock = SqlErrors.translate(
                "Query on `db`", new SQLException("ERROR: deadlock detected", "40P01"), false, false);
        assertThat(deadlock.code()).isEqualTo(ErrorCode.LOCKED);
        assertThat(deadlock.getMessage()).contains("rolled the transaction back", "ERROR: deadlock detected");
        assertThat(deadlock.hint()).contains("retry");
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

    /**
     * Issue 24: PostgreSQL's "terminating connection due to administrator command" (57P01) read as SQL_ERROR with
     * "Fix the SQL". A connection that went, or a server that cannot serve now, is DATABASE_UNAVAILABLE: retry.
     */
    @Test
    void aLostConnectionIsUnavailableWithARetryHintNotBadSql() {
        List<SQLException> lost = List.of(
                new SQLException("FATAL: terminating connection due to administrator command", "57P01"),
                new SQLException("FATAL: terminating connection because of crash of another server process", "57P02"),
                new SQLException("FATAL: the database system is starting up", "57P03"),
                new SQLException("An I/O error occurred while sending to the backend.", "08006"),
                new SQLException("FATAL: database removed", "08P01"), // PgBouncer's KILL
                new SQLException("(conn=12) Socket error", "08000", -1), // MariaDB Connector/J
                new SQLException("Connection was killed", "70100", 1927),
                new SQLException("Server shutdown in progress", "08S01", 1053),
                new SQLException("MySQL server has gone away", "HY000", 2006),
                new SQLException("Lost connection to MySQL server during query", "HY000", 2013));
        for (SQLException e : lost) {
            GabyException g = SqlErrors.translate("Query on `db`", e, false, false);
            assertThat(g.code()).as(e.getMessage()).isEqualTo(ErrorCode.DATABASE_UNAVAILABLE);
            assertThat(g.getMessage()).isEqualTo("Query on `db`: " + e.getMessage());
            assertThat(g.hint()).contains("retry the call").doesNotContain("Fix the SQL");
            assertThat(g.sqlState()).isEqualTo(e.getSQLState());
        }
        assertThat(SqlErrors.translate(
                                "Query", new SQLException("max_statement_time exceeded", "70100", 1969), false, false)
                        .code())
                .as("MariaDB's own statement timeout stays a timeout")
                .isEqualTo(ErrorCode.TIMEOUT);
    }

    @Test
    void aCommitWhoseConnectionWentIsInDoubtAndSaysToLookBeforeWritingAgain() {
        GabyException lost = SqlErrors.commitFailed(
                new SQLException("FATAL: terminating connection due to administrator command", "57P01"));
        assertThat(lost.code()).isEqualTo(ErrorCode.DATABASE_UNAVAILABLE);
        assertThat(lost.getMessage()).contains("whether the write was committed is not known");
        assertThat(lost.hint()).contains("read the rows").doesNotContain("retry the call");
        GabyException refused = SqlErrors.commitFailed(
                new SQLException("ERROR: could not serialize access due to read/write dependencies", "40001"));
        assertThat(refused.code()).isEqualTo(ErrorCode.LOCKED);
        assertThat(refused.getMessage()).contains("nothing was committed", "could not serialize");
        GabyException deferred = SqlErrors.commitFailed(
                new SQLException("ERROR: insert or update on table \"t\" violates foreign key constraint", "23503"));
        assertThat(deferred.code()).isEqualTo(ErrorCode.SQL_ERROR);
        assertThat(deferred.getMessage()).startsWith("Commit failed: ERROR: insert or update");
    }

    /** Connector/J's failover to another node of a multi-host URL, while a transaction was open (galera.sh). */
    @Test
    void aTransactionLostInAFailoverToAnotherNodeIsUnavailableNotAnSqlError() {
        SQLException lost = new java.sql.SQLTransientConnectionException(
                "Driver has reconnect connection after a communications link failure with 127.0.0.1:3306. In progress"
                        + " transaction was lost",
                "25S03");
        GabyException read = SqlErrors.translate("Query on `shop`", lost, false, false);
        assertThat(read.code()).isEqualTo(ErrorCode.DATABASE_UNAVAILABLE);
        assertThat(read.hint()).contains("retry the call");
        GabyException commit = SqlErrors.commitFailed(lost);
        assertThat(commit.code()).isEqualTo(ErrorCode.DATABASE_UNAVAILABLE);
        assertThat(commit.getMessage()).contains("whether the write was committed is not known");
    }

    /** MariaDB's answer to a COMMIT that lost Galera's certification to a write committed through another node. */
    @Test
    void aGaleraCertificationFailureAtCommitIsARetryableLockConflictWithNothingCommitted() {
        GabyException cert = SqlErrors.commitFailed(
                new SQLException("Deadlock found when trying to get lock; try restarting transaction", "40001", 1213));
        assertThat(cert.code()).isEqualTo(ErrorCode.LOCKED);
        assertThat(cert.getMessage()).contains("nothing was committed", "Galera", "Deadlock found");
        assertThat(cert.hint()).contains("preview the write anew");
        GabyException inStatement = SqlErrors.translate(
                "Statement on `shop`",
                new SQLException("Deadlock found when trying to get lock; try restarting transaction", "40001", 1213),
                false,
                false);
        assertThat(inStatement.code()).isEqualTo(ErrorCode.LOCKED);
        assertThat(inStatement.getMessage()).contains("rolled the transaction back", "nothing was committed");
    }

    @Test
    void aPgBouncerThatRefusesAStartupParameterIsNamedWithTheFix() {
        assertThat(SqlErrors.refusalHint(new SQLException("FATAL: unsupported startup parameter: options", "08P01")))
                .contains("ignore_startup_parameters", "extra_float_digits", "pooler = \"pgbouncer\"");
    }
}
