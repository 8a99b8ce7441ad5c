package dev.gabysql.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a script into statements at semicolons outside quotes, dollar quotes and comments, and tells the shell
 * whether a typed buffer ends a statement. Only for feeding the service one statement at a time: the guard still
 * checks each piece on its own. Stateless.
 */
public final class ScriptSplitter {
    private ScriptSplitter() {}

    /**
     * The statements of a script, stripped, without their semicolons and the comments above them; pieces of only
     * comments are dropped.
     */
    public static List<String> split(String script) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int i = 0;
        int n = script.length();
        while (i < n) {
            int end = quotedEnd(script, i);
            if (end != i) {
                int stop = end < 0 ? n : end;
                cur.append(script, i, stop);
                i = stop;
            } else if (script.charAt(i) == ';') {
                add(out, cur);
                i++;
            } else {
                cur.append(script.charAt(i));
                i++;
            }
        }
        add(out, cur);
        return out;
    }

    /**
     * The statements that {@code text} completes (each ended by a semicolon outside quotes, dollar quotes and
     * comments, as {@link #split} gives them) and where the unfinished rest begins: the part of a script read so far
     * that can run before the rest is read ({@link ScriptStatements}). A quote or comment still open ends the scan.
     */
    static Complete complete(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int rest = 0;
        int i = 0;
        int n = text.length();
        while (i < n) {
            int end = quotedEnd(text, i);
            if (end < 0 || end == n && isComment(text, i)) { // open, or a line comment whose line end is not read
                break;
            }
            if (end != i) {
                cur.append(text, i, end);
                i = end;
            } else if (text.charAt(i) == ';') {
                add(out, cur);
                i++;
                rest = i;
            } else {
                cur.append(text.charAt(i));
                i++;
            }
        }
        return new Complete(out, rest);
    }

    /** Statements a script's text completes, and the index of the text's unfinished rest. */
    record Complete(List<String> statements, int rest) {}

    /**
     * Whether a buffer ends with a complete statement: its last significant character (outside quotes and
     * comments) is a semicolon, or it holds nothing but blanks and comments. An open quote or comment means the
     * statement goes on.
     */
    public static boolean endsStatement(String text) {
        boolean pending = false;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            int end = quotedEnd(text, i);
            if (end < 0) {
                return false;
            }
            if (end != i) {
                pending |= !isComment(text, i);
                i = end;
            } else {
                pending = c == ';' ? false : pending || !Character.isWhitespace(c);
                i++;
            }
        }
        return !pending;
    }

    /** Whether the text opens a quote, dollar quote or comment that it never closes. */
    public static boolean endsInsideQuote(String text) {
        int i = 0;
        while (i < text.length()) {
            int end = quotedEnd(text, i);
            if (end < 0) {
                return true;
            }
            i = end == i ? i + 1 : end;
        }
        return false;
    }

    private static boolean isComment(String s, int i) {
        return s.startsWith("--", i) || s.startsWith("/*", i);
    }

    /**
     * End index of a quoted string, comment or dollar-quoted body starting at i; i if none starts there; -1 if it
     * starts there and is never closed.
     */
    private static int quotedEnd(String s, int i) {
        char c = s.charAt(i);
        if (c == '\'' || c == '"' || c == '`') {
            return closingQuote(s, i, c);
        }
        if (s.startsWith("--", i)) {
            int nl = s.indexOf('\n', i);
            return nl < 0 ? s.length() : nl;
        }
        if (s.startsWith("/*", i)) {
            int close = s.indexOf("*/", i + 2);
            return close < 0 ? -1 : close + 2;
        }
        if (c == '$') {
            return dollarQuoteEnd(s, i);
        }
        return i;
    }

    private static int closingQuote(String s, int i, char quote) {
        int j = i + 1;
        while (j < s.length()) {
            if (s.charAt(j) == quote) {
                if (j + 1 < s.length() && s.charAt(j + 1) == quote) {
                    j += 2;
                    continue;
                }
                return j + 1;
            }
            j++;
        }
        return -1;
    }

    private static int dollarQuoteEnd(String s, int i) {
        int j = i + 1;
        while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
            j++;
        }
        if (j < s.length() && s.charAt(j) == '$' && (j == i + 1 || !Character.isDigit(s.charAt(i + 1)))) {
            String tag = s.substring(i, j + 1);
            int close = s.indexOf(tag, j + 1);
            return close < 0 ? -1 : close + tag.length();
        }
        return i;
    }

    /**
     * Adds the piece from its first token on (the comments a script puts above a statement are not part of it),
     * unless it holds nothing but blanks and comments (a script's trailing comment, say).
     */
    private static void add(List<String> out, StringBuilder cur) {
        String s = withoutLeadingComments(cur.toString());
        if (!s.isEmpty()) {
            out.add(s);
        }
        cur.setLength(0);
    }

    private static String withoutLeadingComments(String piece) {
        String s = piece.strip();
        while (isComment(s, 0)) {
            int end = quotedEnd(s, 0);
            if (end < 0) {
                return s; // an unclosed comment: leave it for the guard to refuse
            }
            s = s.substring(end).strip();
        }
        return s;
    }
}
