package dev.gabysql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScriptSplitterTest {

    @Test
    void splitsAtSemicolonsOutsideQuotesCommentsAndDollarQuotes() {
        String script = "SELECT 'a;b';\nSELECT \"x;y\" FROM t; -- c;d\nSELECT $f$ ; $f$; /* ; */ SELECT 4";
        assertThat(ScriptSplitter.split(script))
                .containsExactly("SELECT 'a;b'", "SELECT \"x;y\" FROM t", "SELECT $f$ ; $f$", "SELECT 4");
    }

    @Test
    void dropsPiecesOfOnlyCommentsSuchAsATrailingComment() {
        assertThat(ScriptSplitter.split("SELECT 1; -- the end\n")).containsExactly("SELECT 1");
        assertThat(ScriptSplitter.split("/* nothing */ ;  ;")).isEmpty();
    }

    @Test
    void commentsAboveAStatementAreNotPartOfIt() {
        assertThat(ScriptSplitter.split("-- totals\n/* by city */\nSELECT city -- inline\nFROM t;"))
                .containsExactly("SELECT city -- inline\nFROM t");
        assertThat(ScriptSplitter.split("/* never closed SELECT 1")).containsExactly("/* never closed SELECT 1");
    }

    @Test
    void positionalParametersAreNotDollarQuotes() {
        assertThat(ScriptSplitter.split("SELECT $1; SELECT 2")).containsExactly("SELECT $1", "SELECT 2");
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT 1;|true",
                "SELECT 1|false",
                "SELECT 1;  |true",
                "SELECT 1; -- done|true",
                "SELECT 1; SELECT|false",
                "SELECT ';'|false",
                "SELECT 'open;|false",
                "SELECT $$ ; |false",
                "SELECT 1 /* ; */|false",
                "SELECT 1; /* open|false",
                "-- only a comment|true",
                "''|true"
            })
    void endsStatementOnlyAtASemicolonThatIsCode(String text, boolean complete) {
        assertThat(ScriptSplitter.endsStatement(text)).isEqualTo(complete);
    }
}
