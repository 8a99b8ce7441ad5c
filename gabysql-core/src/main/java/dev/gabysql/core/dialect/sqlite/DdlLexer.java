package dev.gabysql.core.dialect.sqlite;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits SQLite DDL (as stored in {@code sqlite_schema.sql}) into tokens with their positions, skipping comments.
 * Enough to find clauses the pragmas do not report; not a SQL parser. Stateless.
 */
final class DdlLexer {

    /** A token: its text as written, its offsets in the source, and its parenthesis depth. */
    record Token(String text, int start, int end, int depth) {
        boolean is(String word) {
            return text.equalsIgnoreCase(word);
        }

        /** The identifier without its quotes. */
        String name() {
            if (text.length() >= 2) {
                char q = text.charAt(0);
                if (q == '"' || q == '`' || q == '[') {
                    String inner = text.substring(1, text.length() - 1);
                    return q == '[' ? inner : inner.replace(String.valueOf(q) + q, String.valueOf(q));
                }
            }
            return text;
        }

        String upper() {
            return text.toUpperCase(Locale.ROOT);
        }
    }

    private DdlLexer() {}

    static List<Token> tokens(String sql) {
        List<Token> out = new ArrayList<>();
        int depth = 0;
        int i = 0;
        while (i < sql.length()) {
            int skip = skipped(sql, i);
            if (skip > i) {
                i = skip;
                continue;
            }
            char c = sql.charAt(i);
            int end = tokenEnd(sql, i);
            if (c == ')') {
                depth--;
            }
            out.add(new Token(sql.substring(i, end), i, end, depth));
            if (c == '(') {
                depth++;
            }
            i = end;
        }
        return out;
    }

    /** Past whitespace or a comment starting at {@code i}; {@code i} itself when there is none. */
    private static int skipped(String sql, int i) {
        char c = sql.charAt(i);
        if (Character.isWhitespace(c)) {
            return i + 1;
        }
        if (sql.startsWith("--", i)) {
            int end = sql.indexOf('\n', i);
            return end < 0 ? sql.length() : end + 1;
        }
        if (sql.startsWith("/*", i)) {
            int end = sql.indexOf("*/", i + 2);
            return end < 0 ? sql.length() : end + 2;
        }
        return i;
    }

    /** The end of the token starting at {@code i}: a quoted name or string, a word, or one character. */
    private static int tokenEnd(String sql, int i) {
        char c = sql.charAt(i);
        if (c == '\'' || c == '"' || c == '`') {
            return quotedEnd(sql, i, c);
        }
        if (c == '[') {
            int end = sql.indexOf(']', i);
            return end < 0 ? sql.length() : end + 1;
        }
        int end = i + 1;
        if (isWordChar(c)) {
            while (end < sql.length() && isWordChar(sql.charAt(end))) {
                end++;
            }
        }
        return end;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private static int quotedEnd(String sql, int start, char quote) {
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }

    /** The index of the ')' closing the '(' at {@code open}, or the last token. */
    static int closing(List<Token> tokens, int open) {
        int depth = tokens.get(open).depth();
        for (int i = open + 1; i < tokens.size(); i++) {
            if (tokens.get(i).text().equals(")") && tokens.get(i).depth() == depth) {
                return i;
            }
        }
        return tokens.size() - 1;
    }

    /** The source text from token {@code from} to token {@code to}, inclusive. */
    static String text(String sql, List<Token> tokens, int from, int to) {
        if (from > to) {
            return "";
        }
        return sql.substring(tokens.get(from).start(), tokens.get(to).end());
    }

    /** The items of the parenthesised list opening at {@code open}, split at its top-level commas. */
    static List<int[]> items(List<Token> tokens, int open) {
        int close = closing(tokens, open);
        int depth = tokens.get(open).depth() + 1;
        List<int[]> items = new ArrayList<>();
        int from = open + 1;
        for (int i = open + 1; i <= close; i++) {
            Token t = tokens.get(i);
            if (i == close || t.text().equals(",") && t.depth() == depth) {
                if (from < i) {
                    items.add(new int[] {from, i - 1});
                }
                from = i + 1;
            }
        }
        return items;
    }

    /** The first token at or after {@code from} with that word at that depth, or -1. */
    static int find(List<Token> tokens, int from, int to, String word, int depth) {
        for (int i = from; i <= to && i < tokens.size(); i++) {
            if (tokens.get(i).depth() == depth && tokens.get(i).is(word)) {
                return i;
            }
        }
        return -1;
    }
}
