package dev.gabysql.core.api;

import java.io.Reader;
import java.util.List;

/**
 * Where one database's statements end in a script or in typed text: the guard's lexer in the database's flavour
 * (a semicolon in a string, a dollar quote, a comment or a trigger's BEGIN … END body ends nothing), so that a
 * front end feeds the service one statement at a time exactly where the guard will read one
 * (docs/design.md#the-guard). A front end gets one from {@link GabyService#scriptSplitter} and never chooses a
 * lexer itself. Statements come stripped, without their semicolons and the comments around them. Splitting runs
 * nothing; the service still checks each statement on its own. Implementations are thread-safe; the iterable of
 * {@link #statements} is not.
 */
public interface ScriptSplitter {
    /** The statements of a whole text; one it does not end comes last. */
    List<String> split(String text);

    /**
     * The statements of a script read from {@code in}, each given as soon as the text read completes it: the same
     * statements as {@link #split} of the whole text. Reads {@code in} once; throws
     * {@link java.io.UncheckedIOException} when reading fails.
     */
    Iterable<String> statements(Reader in);

    /** Whether everything in the text is ended by a semicolon, or it holds nothing but blanks and comments. */
    boolean isComplete(String text);

    /** Whether the text opens a quote, dollar quote or comment that it does not close. */
    boolean endsInsideQuote(String text);
}
