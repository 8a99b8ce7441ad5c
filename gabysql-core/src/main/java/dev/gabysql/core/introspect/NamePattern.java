package dev.gabysql.core.introspect;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A caller's name pattern, case-insensitive. {@code *} and {@code %} match any run of characters, {@code ?}
 * matches one character; a pattern without a wildcard matches names that contain it. The same pattern becomes a
 * SQL LIKE pattern (bound as a parameter by readers, never spliced) and a Java matcher (for searching a model in
 * memory), and both agree. {@code _} is literal. Immutable.
 */
public final class NamePattern {
    private static final int MAX_LENGTH = 200;
    private final String like;
    private final Pattern regex;

    private NamePattern(String like, Pattern regex) {
        this.like = like;
        this.regex = regex;
    }

    public static NamePattern of(String pattern) {
        if (pattern == null || pattern.isBlank()) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "The name pattern is empty.",
                    "Pass part of a name, e.g. `order`, or a pattern with * such as `order*`.");
        }
        if (pattern.length() > MAX_LENGTH) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST, "The name pattern is longer than " + MAX_LENGTH + " characters.");
        }
        String p = pattern.strip();
        boolean wild = p.indexOf('*') >= 0 || p.indexOf('%') >= 0 || p.indexOf('?') >= 0;
        StringBuilder like = new StringBuilder(wild ? "" : "%");
        StringBuilder regex = new StringBuilder(wild ? "" : ".*");
        for (char ch : p.toCharArray()) {
            appendChar(ch, like, regex);
        }
        if (!wild) {
            like.append('%');
            regex.append(".*");
        }
        return new NamePattern(
                like.toString(),
                Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.DOTALL));
    }

    private static void appendChar(char ch, StringBuilder like, StringBuilder regex) {
        switch (ch) {
            case '*':
            case '%':
                like.append('%');
                regex.append(".*");
                break;
            case '?':
                like.append('_');
                regex.append('.');
                break;
            case '_':
            case '\\':
                like.append('\\').append(ch); // LIKE ... ESCAPE '\'
                regex.append(Pattern.quote(String.valueOf(ch)));
                break;
            default:
                like.append(ch);
                regex.append(Pattern.quote(String.valueOf(ch)));
        }
    }

    /** The LIKE form, to be used with {@code ESCAPE '\'} and a case-insensitive comparison. */
    public String like() {
        return like;
    }

    public boolean matches(String name) {
        return name != null && regex.matcher(name).matches();
    }

    @Override
    public String toString() {
        return like.toLowerCase(Locale.ROOT);
    }
}
