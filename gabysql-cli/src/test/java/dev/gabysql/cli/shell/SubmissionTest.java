package dev.gabysql.cli.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gabysql.core.api.ScriptSplitter;
import dev.gabysql.core.guard.SqlFlavor;
import dev.gabysql.core.service.GuardSplitter;
import org.junit.jupiter.api.Test;

class SubmissionTest {
    private static final ScriptSplitter PG = new GuardSplitter(SqlFlavor.POSTGRESQL);
    private static final ScriptSplitter SQLITE = new GuardSplitter(SqlFlavor.SQLITE);
    private static final ScriptSplitter MARIADB = new GuardSplitter(SqlFlavor.MARIADB);

    @Test
    void statementsEndedBySemicolonAreRunOneByOne() {
        Submission s = Submission.of("SELECT 1;\nSELECT 2;", PG);
        assertThat(s.statements()).containsExactly("SELECT 1", "SELECT 2");
        assertThat(s.command()).isNull();
        assertThat(s.quit()).isFalse();
    }

    @Test
    void aBackslashLineAfterUnfinishedSqlKeepsTheSqlPending() {
        Submission s = Submission.of("SELECT *\nFROM t\n\\d t", PG);
        assertThat(s.command()).isEqualTo("\\d t");
        assertThat(s.pending()).isEqualTo("SELECT *\nFROM t");
        assertThat(Submission.isComplete("SELECT *\nFROM t\n\\d t", PG)).isTrue();
    }

    @Test
    void aBackslashInsideAnOpenStringIsData() {
        String buffer = "SELECT 'a\n\\d";
        assertThat(Submission.isComplete(buffer, PG)).isFalse();
    }

    @Test
    void quitAndExitAloneLeave() {
        assertThat(Submission.of(" quit ", PG).quit()).isTrue();
        assertThat(Submission.of("EXIT", PG).quit()).isTrue();
        assertThat(Submission.isComplete("quit", PG)).isTrue();
        assertThat(Submission.of("SELECT quit FROM t;", PG).quit()).isFalse();
    }

    @Test
    void aSqliteTriggerBodyAsksForMoreLinesUntilItsEnd() {
        String trigger = "CREATE TRIGGER t AFTER INSERT ON a BEGIN\nINSERT INTO b VALUES (1);";
        assertThat(Submission.isComplete(trigger, SQLITE)).isFalse();
        assertThat(Submission.isComplete(trigger + "\nEND;", SQLITE)).isTrue();
        assertThat(Submission.of(trigger + "\nEND;", SQLITE).statements())
                .containsExactly("CREATE TRIGGER t AFTER INSERT ON a BEGIN\nINSERT INTO b VALUES (1);\nEND");
    }

    @Test
    void aMariaDbBackslashEscapedQuoteKeepsTheStringOpen() {
        assertThat(Submission.isComplete("SELECT 'it\\'s;", MARIADB)).isFalse();
        assertThat(Submission.isComplete("SELECT 'it\\'s;", PG)).isTrue();
    }

    @Test
    void anUnendedStatementAsksForMoreLines() {
        assertThat(Submission.isComplete("SELECT 1", PG)).isFalse();
        assertThat(Submission.isComplete("SELECT 1\nFROM t", PG)).isFalse();
        assertThat(Submission.isComplete("", PG)).isTrue();
    }
}
