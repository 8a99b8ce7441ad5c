package dev.gabysql.cli.shell;

import dev.gabysql.core.api.ScriptSplitter;
import java.util.List;
import java.util.Locale;

/**
 * What one accepted buffer asks for: SQL statements to run, a backslash command (with any SQL typed before it,
 * which stays pending, as in psql), or quitting ({@code quit} / {@code exit} typed alone).
 *
 * @param statements the statements, when the buffer is SQL
 * @param command    the backslash command line, e.g. {@code \d orders}, or null
 * @param pending    SQL typed before the command (not yet ended by {@code ;}), or ""
 */
record Submission(List<String> statements, String command, String pending, boolean quit) {

    static Submission of(String buffer, ScriptSplitter splitter) {
        String trimmed = buffer.strip();
        if (isQuitWord(trimmed)) {
            return new Submission(List.of(), null, "", true);
        }
        int last = lastLineStart(buffer);
        String lastLine = buffer.substring(last).strip();
        String before = buffer.substring(0, last);
        if (lastLine.startsWith("\\") && !splitter.endsInsideQuote(before)) {
            return new Submission(List.of(), lastLine, before.strip(), false);
        }
        return new Submission(splitter.split(buffer), null, "", false);
    }

    /** Whether JLine may accept the buffer, or should read another line (the statement has no {@code ;} yet). */
    static boolean isComplete(String buffer, ScriptSplitter splitter) {
        if (buffer.isBlank() || isQuitWord(buffer.strip())) {
            return true;
        }
        int last = lastLineStart(buffer);
        if (buffer.substring(last).strip().startsWith("\\") && !splitter.endsInsideQuote(buffer.substring(0, last))) {
            return true;
        }
        return splitter.isComplete(buffer);
    }

    private static boolean isQuitWord(String s) {
        String w = s.toLowerCase(Locale.ROOT);
        return w.equals("quit") || w.equals("exit");
    }

    private static int lastLineStart(String buffer) {
        String body = buffer.stripTrailing();
        return body.lastIndexOf('\n') + 1;
    }
}
