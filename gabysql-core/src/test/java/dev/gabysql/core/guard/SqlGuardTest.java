package dev.gabysql.core.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the rest of gabysql relies on besides the verdicts: the statement text, the fields, the messages, speed. */
class SqlGuardTest {

    @Test
    void statementTextDropsTrailingSemicolonAndSurroundingComments() {
        InspectedStatement s =
                SqlGuard.inspect("  -- why\n SELECT 1 /* keep */ + 2 ; -- after\n", SqlFlavor.POSTGRESQL);
        assertThat(s.sql()).isEqualTo("SELECT 1 /* keep */ + 2");
    }

    @Test
    void statementTextKeepsAnExecutableCommentWhole() {
        assertThat(SqlGuard.inspect("/*!SELECT 1*/;", SqlFlavor.MARIADB).sql()).isEqualTo("/*!SELECT 1*/");
    }

    @Test
    void statementTextOfATriggerKeepsItsBody() {
        String sql = "CREATE TRIGGER t AFTER INSERT ON a BEGIN UPDATE b SET n = n + 1; END";
        assertThat(SqlGuard.inspect(sql + ";", SqlFlavor.SQLITE).sql()).isEqualTo(sql);
    }

    /**
     * Each U&"…" identifier cut one token off the end of a statement that ended with ';': this DELETE ran as
     * {@code … OR U&"b" IS NULL}, wider than the statement written.
     */
    @Test
    void statementTextAfterAUnicodeIdentifierKeepsItsLastTokens() {
        String sql = "DELETE FROM t WHERE U&\"a\" = 1 OR U&\"b\" IS NULL AND FALSE";
        assertThat(SqlGuard.inspect(sql + ";", SqlFlavor.POSTGRESQL).sql()).isEqualTo(sql);
    }

    @Test
    void readsAreMarkedPure() {
        InspectedStatement s = SqlGuard.inspect("SELECT 1", SqlFlavor.SQLITE);
        assertThat(s.isPureRead()).isTrue();
        assertThat(s.minimumMode()).isEqualTo(Mode.READONLY);
    }

    @Test
    void sideEffectsCarryTheModeTheyNeed() {
        InspectedStatement s = SqlGuard.inspect("SELECT nextval('s'), pg_terminate_backend(1)", SqlFlavor.POSTGRESQL);
        assertThat(s.isPureRead()).isFalse();
        assertThat(s.sideEffects()).hasSize(2);
        assertThat(s.minimumMode()).isEqualTo(Mode.ADMIN);
        assertThat(SqlGuard.inspect("SELECT pg_read_file('x')", SqlFlavor.POSTGRESQL)
                        .minimumMode())
                .isNull();
    }

    @Test
    void writableCteReportsItsTablesAndTheMissingWhere() {
        InspectedStatement s = SqlGuard.inspect(
                "WITH d AS (DELETE FROM \"Old\" RETURNING *) INSERT INTO archive SELECT * FROM d RETURNING id",
                SqlFlavor.POSTGRESQL);
        assertThat(s.kind()).isEqualTo(StatementKind.DML);
        assertThat(s.command()).isEqualTo("WITH … INSERT");
        assertThat(s.writtenTables()).containsExactly("Old", "archive");
        assertThat(s.unboundedWrite()).isTrue();
        assertThat(s.returning()).isTrue();
    }

    @Test
    void theFirstShapeOfTheRecordStillWorks() {
        InspectedStatement s =
                new InspectedStatement("SELECT 1", StatementKind.READ, "SELECT", false, true, List.of("x"));
        assertThat(s.effects())
                .singleElement()
                .satisfies(e -> assertThat(e.never()).isTrue());
    }

    @Test
    void refusalsNameTheRuleAndWhatToDoInstead() {
        GabyException e = refusalOf(() ->
                AccessPolicy.requireRead(SqlGuard.inspect("SELECT lo_import('/etc/passwd')", SqlFlavor.POSTGRESQL)));
        assertThat(e.code()).isEqualTo(ErrorCode.SIDE_EFFECT);
        assertThat(e.getMessage()).contains("lo_import").contains("rule:");
        assertThat(e.hint()).isNotBlank();
        GabyException m = refusalOf(() -> SqlGuard.inspect("SELECT 1; DROP TABLE t", SqlFlavor.POSTGRESQL));
        assertThat(m.getMessage()).contains("DROP TABLE t");
        assertThat(m.hint()).contains("one statement");
    }

    @Test
    void readonlyModeRefusesEveryWrite() {
        GabyException e = refusalOf(() -> AccessPolicy.authorizeWrite(
                SqlGuard.inspect("INSERT INTO t VALUES (1)", SqlFlavor.SQLITE), Mode.READONLY, false));
        assertThat(e.code()).isEqualTo(ErrorCode.READ_ONLY);
    }

    /** Long statements go through (speed is measured by GuardBenchmark in bench/jmh, not asserted here). */
    @Test
    void longStatementsAreInspected() {
        StringBuilder sql = new StringBuilder("SELECT ");
        for (int i = 0; i < 40_000; i++) {
            sql.append("(a")
                    .append(i)
                    .append(" + 'x''y;' + $$z$$ /* c */ + \"q\") AS c")
                    .append(i)
                    .append(", ");
        }
        sql.append("1 FROM t WHERE b IN (SELECT c FROM u WHERE d = E'\\'') -- end");
        InspectedStatement s = SqlGuard.inspect(sql.toString(), SqlFlavor.POSTGRESQL);
        assertThat(s.isPureRead()).isTrue();
        assertThat(s.sql()).endsWith("E'\\'')");
    }

    @Test
    void deepNestingDoesNotOverflow() {
        String sql = "SELECT " + "(".repeat(50_000) + "1" + ")".repeat(50_000);
        assertThat(SqlGuard.inspect(sql, SqlFlavor.GENERIC).kind()).isEqualTo(StatementKind.READ);
    }

    @Test
    void nulCharactersAreRefused() {
        assertThat(refusalOf(() -> SqlGuard.inspect("SELECT 1\0; DROP TABLE t", SqlFlavor.SQLITE))
                        .code())
                .isEqualTo(ErrorCode.UNCLASSIFIABLE);
    }

    private static GabyException refusalOf(Runnable r) {
        GabyException e = catchThrowableOfType(r::run, GabyException.class);
        assertThat(e).isNotNull();
        return e;
    }
}
