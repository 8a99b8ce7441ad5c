package dev.gabysql.cli.shell;

import dev.gabysql.core.api.ScriptSplitter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jline.reader.CompletingParsedLine;
import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;

/**
 * Tells JLine when a buffer is complete (a statement ended by {@code ;}, read as the current database's lexer
 * reads it; a backslash command; {@code quit}) and otherwise asks for another line; splits words the SQL way for
 * completion ({@code o.customer_id} is one word, {@code count(} is not part of it).
 */
final class SqlLineParser implements Parser {
    private final Supplier<ScriptSplitter> splitter;

    /** {@code splitter}: where the statements of the database the shell is on end (it changes with \c). */
    SqlLineParser(Supplier<ScriptSplitter> splitter) {
        this.splitter = splitter;
    }

    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) {
        if (context == ParseContext.ACCEPT_LINE && !Submission.isComplete(line, splitter.get())) {
            throw new EOFError(-1, -1, "statement not ended", ";");
        }
        return words(line, cursor);
    }

    /** Backslashes are part of command words, never escapes. */
    @Override
    public boolean isEscapeChar(char ch) {
        return false;
    }

    static Words words(String line, int cursor) {
        List<String> words = new ArrayList<>();
        int wordIndex = -1;
        int wordCursor = 0;
        int i = 0;
        while (i < line.length()) {
            if (!isWordChar(line.charAt(i))) {
                if (i == cursor && wordIndex < 0 && (i == 0 || !isWordChar(line.charAt(i - 1)))) {
                    wordIndex = words.size(); // the cursor sits between delimiters: completing an empty word
                    words.add("");
                }
                i++;
                continue;
            }
            int start = i;
            while (i < line.length() && isWordChar(line.charAt(i))) {
                i++;
            }
            if (wordIndex < 0 && cursor >= start && cursor <= i) {
                wordIndex = words.size();
                wordCursor = cursor - start;
            }
            words.add(line.substring(start, i));
        }
        if (wordIndex < 0) {
            wordIndex = words.size();
            words.add("");
        }
        return new Words(line, cursor, words, wordIndex, wordCursor);
    }

    static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.' || c == '\\' || c == '"';
    }

    /** The words of a line and where the cursor is among them. */
    record Words(String line, int cursor, List<String> words, int wordIndex, int wordCursor)
            implements CompletingParsedLine {
        Words {
            words = List.copyOf(words);
        }

        @Override
        public String word() {
            return words.get(wordIndex);
        }

        /** Candidates go in as they are: SQL words have no shell escaping. */
        @Override
        public CharSequence escape(CharSequence candidate, boolean complete) {
            return candidate;
        }

        @Override
        public int rawWordCursor() {
            return wordCursor;
        }

        @Override
        public int rawWordLength() {
            return word().length();
        }
    }
}
