package dev.gabysql.core.guard;

import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL scripts into statements as the guard reads them, per flavour: a semicolon in a string (with
 * MariaDB's backslash escapes, PostgreSQL's E'' and dollar quotes), a quoted identifier, a comment or the
 * BEGIN … END body of a SQLite trigger does not end a statement ({@link Statements}, {@link CompoundBodies}). Only
 * for feeding the service one statement at a time: the guard still checks each piece on its own, and refuses a
 * piece it cannot read (an unclosed quote, say). Statements come stripped, without their semicolons and the
 * comments around them; pieces of only comments are dropped. Stateless and thread-safe.
 */
public final class SqlScripts {
    private SqlScripts() {}

    /** The statements of a whole script. */
    public static List<String> split(String script, SqlFlavor flavor) {
        Cut cut = cut(script, flavor);
        List<String> out = new ArrayList<>(cut.statements());
        if (cut.unfinishedStart() >= 0) {
            out.add(script.substring(cut.unfinishedStart(), cut.unfinishedEnd()).strip());
        }
        return out;
    }

    /**
     * The statements of a script read from {@code in}, each given as soon as the text read completes it, in
     * memory about twice the largest statement: the same statements as {@link #split} of the whole text. The
     * iterable reads {@code in} once; it throws {@link java.io.UncheckedIOException} when reading fails. Not
     * thread-safe.
     */
    public static Iterable<String> statements(Reader in, SqlFlavor flavor) {
        return new ScriptReader(in, flavor);
    }

    /**
     * Whether a typed text ends a statement: everything in it is ended by a semicolon, or it holds nothing but
     * blanks and comments. An open quote or comment, or an open trigger body, means the statement goes on.
     */
    public static boolean isComplete(String text, SqlFlavor flavor) {
        return cut(text, flavor).unfinishedStart() < 0;
    }

    /** Whether the text opens a quote, dollar quote or comment that it does not close. */
    public static boolean endsInsideQuote(String text, SqlFlavor flavor) {
        return Lexer.scan(text, Flavor.of(flavor).lexer()).openAt() >= 0;
    }

    /** The statements {@code text} ends, and what follows the last of them. */
    static Cut cut(String text, SqlFlavor flavor) {
        Lexer.Scan scan = Lexer.scan(text, Flavor.of(flavor).lexer());
        TokenList t = scan.tokens();
        SqlFlavor id = Flavor.of(flavor).id();
        List<String> out = new ArrayList<>();
        int from = 0;
        int rest = 0;
        while (from < t.size()) {
            int semicolon = Statements.semicolonAfter(t, from, id);
            if (semicolon < 0) {
                break;
            }
            if (semicolon > from) {
                out.add(text.substring(scan.codeStarts()[from], t.codeEndBefore(semicolon))
                        .strip());
            }
            from = semicolon + 1;
            rest = t.get(semicolon).end();
        }
        int start = from < t.size() ? scan.codeStarts()[from] : scan.openAt();
        int end = scan.openAt() >= 0 ? text.length() : t.codeEndBefore(t.size());
        return new Cut(out, rest, start, end);
    }

    /**
     * What {@link #cut} found.
     *
     * @param statements      the statements the text ends
     * @param rest            where the text after the last one's semicolon begins
     * @param unfinishedStart where the statement after them that the text does not end starts (its first code, or a
     *                        quote or comment left open), or -1 when only blanks and comments follow
     * @param unfinishedEnd   where that statement's text ends (its last code, or the end of an open construct)
     */
    record Cut(List<String> statements, int rest, int unfinishedStart, int unfinishedEnd) {}
}
