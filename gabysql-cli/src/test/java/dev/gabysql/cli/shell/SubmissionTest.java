package dev.gabysql.cli.shell;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SubmissionTest {

    @Test
    void statementsEndedBySemicolonAreRunOneByOne() {
        Submission s = Submission.of("SELECT 1;\nSELECT 2;");
        assertThat(s.statements()).containsExactly("SELECT 1", "SELECT 2");
        assertThat(s.command()).isNull();
        assertThat(s.quit()).isFalse();
    }

    @Test
    void aBackslashLineAfterUnfinishedSqlKeepsTheSqlPending() {
        Submission s = Submission.of("SELECT *\nFROM t\n\\d t");
        assertThat(s.command()).isEqualTo("\\d t");
        assertThat(s.pending()).isEqualTo("SELECT *\nFROM t");
        assertThat(Submission.isComplete("SELECT *\nFROM t\n\\d t")).isTrue();
    }

    @Test
    void aBackslashInsideAnOpenStringIsData() {
        String buffer = "SELECT 'a\n\\d";
        assertThat(Submission.isComplete(buffer)).isFalse();
    }

    @Test
    void quitAndExitAloneLeave() {
        assertThat(Submission.of(" quit ").quit()).isTrue();
        assertThat(Submission.of("EXIT").quit()).isTrue();
        assertThat(Submission.isComplete("quit")).isTrue();
        assertThat(Submission.of("SELECT quit FROM t;").quit()).isFalse();
    }

    @Test
    void anUnendedStatementAsksForMoreLines() {
        assertThat(Submission.isComplete("SELECT 1")).isFalse();
        assertThat(Submission.isComplete("SELECT 1\nFROM t")).isFalse();
        assertThat(Submission.isComplete("")).isTrue();
    }
}
