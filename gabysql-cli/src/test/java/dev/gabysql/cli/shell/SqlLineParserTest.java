package dev.gabysql.cli.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gabysql.core.guard.SqlFlavor;
import dev.gabysql.core.service.GuardSplitter;
import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;
import org.junit.jupiter.api.Test;

class SqlLineParserTest {
    private final SqlLineParser parser = new SqlLineParser(() -> new GuardSplitter(SqlFlavor.SQLITE));

    @Test
    void anUnendedStatementIsNotAccepted() {
        assertThatThrownBy(() -> parser.parse("SELECT 1", 8, Parser.ParseContext.ACCEPT_LINE))
                .isInstanceOf(EOFError.class);
        assertThat(parser.parse("SELECT 1;", 9, Parser.ParseContext.ACCEPT_LINE).line())
                .isEqualTo("SELECT 1;");
    }

    @Test
    void qualifiedNamesAreOneWordAndPunctuationSplits() {
        ParsedLine l = parser.parse("SELECT count(o.cust", 19, Parser.ParseContext.COMPLETE);
        assertThat(l.words()).containsExactly("SELECT", "count", "o.cust");
        assertThat(l.word()).isEqualTo("o.cust");
        assertThat(l.wordCursor()).isEqualTo(6);
    }

    @Test
    void aCursorAfterASpaceCompletesAnEmptyWord() {
        ParsedLine l = parser.parse("SELECT * FROM ", 14, Parser.ParseContext.COMPLETE);
        assertThat(l.word()).isEmpty();
        assertThat(l.words().get(l.wordIndex() - 1)).isEqualTo("FROM");
    }

    @Test
    void aCursorInTheMiddleSplitsAroundIt() {
        ParsedLine l = parser.parse("SELECT a, b FROM t", 9, Parser.ParseContext.COMPLETE);
        assertThat(l.words()).containsExactly("SELECT", "a", "", "b", "FROM", "t");
        assertThat(l.wordIndex()).isEqualTo(2);
    }

    @Test
    void backslashCommandsAreWords() {
        ParsedLine l = parser.parse("\\d ord", 6, Parser.ParseContext.COMPLETE);
        assertThat(l.words()).containsExactly("\\d", "ord");
        assertThat(parser.isEscapeChar('\\')).isFalse();
    }
}
