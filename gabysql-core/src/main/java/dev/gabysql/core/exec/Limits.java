package dev.gabysql.core.exec;

import dev.gabysql.core.api.ResultBudget;
import java.time.Duration;

/**
 * The bounds of one call: how long a statement may run, how many rows and characters come back, how long one
 * value may be before it is cut.
 */
public record Limits(Duration statementTimeout, int maxRows, int maxValueChars, int maxResultChars) {
    public static final Limits DEFAULT = new Limits(Duration.ofSeconds(30), 500, 2_000, ResultBudget.DEFAULT_CHARS);
    /** The fewest characters a value keeps however many columns share the budget. */
    static final int MIN_VALUE_CHARS = 16;
    /** What a cut value adds to the characters it keeps: its marker ({@code …[+N chars]}) and its quotes. */
    private static final int CUT_VALUE_OVERHEAD = 20;

    /**
     * The most characters one value keeps in a result of {@code columns} columns when {@code charsLeft} of the
     * result's budget are left for a row (the column names took the rest): {@link #maxValueChars}, or fewer when a
     * row of that many cut values would pass the budget. A result's first row is always shown, so this is what
     * keeps a very wide row (hundreds of columns of long values) within about {@link #maxResultChars}
     * characters; never fewer than {@value #MIN_VALUE_CHARS}.
     */
    public int valueCharsFor(int columns, int charsLeft) {
        int share = charsLeft / Math.max(1, columns) - CUT_VALUE_OVERHEAD;
        return Math.min(maxValueChars, Math.max(MIN_VALUE_CHARS, share));
    }

    public Limits withMaxRows(int rows) {
        return new Limits(statementTimeout, rows, maxValueChars, maxResultChars);
    }

    public Limits withStatementTimeout(Duration timeout) {
        return new Limits(timeout, maxRows, maxValueChars, maxResultChars);
    }

    /**
     * How long a statement may wait for another session's lock: half its timeout, at most {@code cap} (at least
     * 1 ms), so that a lock wait ends as one (LOCKED: retry later) before the statement timeout would end it as a
     * slow statement (TIMEOUT: narrow it). Each dialect applies it in its own setting.
     */
    public Duration lockWait(Duration cap) {
        Duration half = statementTimeout.dividedBy(2);
        Duration wait = half.compareTo(cap) < 0 ? half : cap;
        return wait.toMillis() < 1 ? Duration.ofMillis(1) : wait;
    }

    public int timeoutSeconds() {
        return (int) Math.max(1, (statementTimeout.toMillis() + 999) / 1000);
    }
}
