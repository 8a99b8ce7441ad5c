package dev.gabysql.core.guard;

/**
 * Where quoted text ends: strings and quoted identifiers with doubled quotes, with or without backslash escapes,
 * and PostgreSQL dollar quotes. Each scan is a plain loop over the characters. Stateless.
 */
final class QuotedText {
    private QuotedText() {}

    /**
     * The offset after the closing quote {@code q} of text whose content starts at {@code from}, or -1 when it is
     * not closed. A doubled quote stands for one; with {@code escapes}, a backslash escapes the next character.
     */
    static int end(String s, char q, int from, boolean escapes) {
        int n = s.length();
        for (int i = from; i < n; i++) {
            char c = s.charAt(i);
            if (c == '\\' && escapes) {
                i++;
            } else if (c == q) {
                if (i + 1 < n && s.charAt(i + 1) == q) {
                    i++;
                } else {
                    return i + 1;
                }
            }
        }
        return -1;
    }

    /**
     * For a '$' at {@code start} that opens a dollar quote ($$ or $tag$), the delimiter; otherwise null. A tag is
     * an identifier without '$' that does not start with a digit.
     */
    static String dollarDelimiter(String s, int start) {
        int n = s.length();
        int i = start + 1;
        if (i < n && Chars.isIdentStart(s.charAt(i))) {
            i++;
            while (i < n && Chars.isIdentPart(s.charAt(i)) && s.charAt(i) != '$') {
                i++;
            }
        }
        return i < n && s.charAt(i) == '$' ? s.substring(start, i + 1) : null;
    }
}
