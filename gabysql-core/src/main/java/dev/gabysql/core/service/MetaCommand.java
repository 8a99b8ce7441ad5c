package dev.gabysql.core.service;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * gabysql's own statements, answered from the catalog in every dialect: {@code SHOW DATABASES},
 * {@code SHOW TABLES}, {@code DESCRIBE <table>}, {@code INTEGRITY CHECK}. Matched whole and strictly, so that
 * nothing else can ride along.
 */
record MetaCommand(Kind kind, String argument) {
    enum Kind {
        SHOW_DATABASES,
        SHOW_TABLES,
        DESCRIBE,
        INTEGRITY_CHECK
    }

    private static final Pattern SHOW_DATABASES = Pattern.compile("(?i)\\s*SHOW\\s+DATABASES\\s*;?\\s*");
    private static final Pattern SHOW_TABLES = Pattern.compile("(?i)\\s*SHOW\\s+TABLES\\s*;?\\s*");
    private static final Pattern INTEGRITY = Pattern.compile("(?i)\\s*INTEGRITY\\s+CHECK\\s*;?\\s*");
    private static final Pattern DESCRIBE = Pattern.compile(
            "(?i)\\s*(?:DESCRIBE|DESC)\\s+(?:\"((?:[^\"]|\"\")+)\"|`([^`]+)`|([A-Za-z_][A-Za-z0-9_$.]*))\\s*;?\\s*");

    static Optional<MetaCommand> parse(String sql) {
        if (sql == null || !startsWithMetaKeyword(sql)) {
            return Optional.empty();
        }
        if (SHOW_DATABASES.matcher(sql).matches()) {
            return Optional.of(new MetaCommand(Kind.SHOW_DATABASES, null));
        }
        if (SHOW_TABLES.matcher(sql).matches()) {
            return Optional.of(new MetaCommand(Kind.SHOW_TABLES, null));
        }
        if (INTEGRITY.matcher(sql).matches()) {
            return Optional.of(new MetaCommand(Kind.INTEGRITY_CHECK, null));
        }
        Matcher m = DESCRIBE.matcher(sql);
        if (m.matches()) {
            String name = m.group(1) != null
                    ? m.group(1).replace("\"\"", "\"")
                    : m.group(2) != null ? m.group(2) : m.group(3);
            return Optional.of(new MetaCommand(Kind.DESCRIBE, name));
        }
        return Optional.empty();
    }

    /**
     * Whether the first word (after the whitespace the patterns allow) is one a meta-command starts with: every
     * query passes here, and four regular expressions per call are work a cold process does in the interpreter.
     */
    private static boolean startsWithMetaKeyword(String sql) {
        int i = 0;
        while (i < sql.length() && isRegexSpace(sql.charAt(i))) {
            i++;
        }
        int start = i;
        while (i < sql.length() && i - start < 10 && Character.isLetter(sql.charAt(i))) {
            i++;
        }
        String word = sql.substring(start, i).toUpperCase(Locale.ROOT);
        return word.equals("SHOW") || word.equals("INTEGRITY") || word.equals("DESCRIBE") || word.equals("DESC");
    }

    /** {@code \s} of {@link Pattern}: space, tab, line feed, vertical tab, form feed, carriage return. */
    private static boolean isRegexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }
}
