package dev.gabysql.core.guard;

/** Character classes and number scanning shared by the lexer's parts. Stateless. */
final class Chars {
    private Chars() {}

    /** ASCII whitespace only: any other space-like character is refused by the lexer (fail closed). */
    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B;
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    static boolean isIdentStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || isWideLetter(c);
    }

    static boolean isIdentPart(char c) {
        return isIdentStart(c) || isDigit(c) || c == '$';
    }

    /** Engines read every non-ASCII character as part of a name; odd spaces and controls are not. */
    private static boolean isWideLetter(char c) {
        return c >= 0x80 && !Character.isWhitespace(c) && !Character.isSpaceChar(c) && !Character.isISOControl(c);
    }

    static int skipIdentPart(String s, int i) {
        while (i < s.length() && isIdentPart(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Digits, with '_' allowed between digits (PostgreSQL 16). */
    static int skipDigits(String s, int i) {
        while (i < s.length()
                && (isDigit(s.charAt(i)) || (s.charAt(i) == '_' && i + 1 < s.length() && isDigit(s.charAt(i + 1))))) {
            i++;
        }
        return i;
    }

    /**
     * The end of the number starting at {@code start}: 0x/0b/0o literals, or digits [. digits] [e[+-]digits].
     * Letters after a number start a new token, so that no keyword can hide inside a number (1FOR UPDATE).
     */
    static int numberEnd(String s, int start) {
        int n = s.length();
        int i = start;
        if (s.charAt(i) == '0'
                && i + 2 < n
                && "xXbBoO".indexOf(s.charAt(i + 1)) >= 0
                && Character.digit(s.charAt(i + 2), 16) >= 0) {
            i += 2;
            while (i < n && (Character.digit(s.charAt(i), 16) >= 0 || s.charAt(i) == '_')) {
                i++;
            }
            return i;
        }
        i = skipDigits(s, i);
        if (i < n && s.charAt(i) == '.') {
            i = skipDigits(s, i + 1);
        }
        return exponent(s, i);
    }

    private static int exponent(String s, int i) {
        int n = s.length();
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
                j++;
            }
            if (j < n && isDigit(s.charAt(j))) {
                return skipDigits(s, j);
            }
        }
        return i;
    }
}
