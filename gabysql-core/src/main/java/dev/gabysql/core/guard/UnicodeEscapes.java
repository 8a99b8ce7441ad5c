package dev.gabysql.core.guard;

/**
 * Resolves the escapes of a PostgreSQL U&"…" identifier (\XXXX, \+XXXXXX, \\) so that a function name spelt
 * with escapes is still recognised. A UESCAPE clause is refused by the classifier, so '\' is the escape.
 */
final class UnicodeEscapes {
    private UnicodeEscapes() {}

    static String decode(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c != '\\') {
                out.append(c);
                i++;
            } else if (i + 1 < s.length() && s.charAt(i + 1) == '\\') {
                out.append('\\');
                i += 2;
            } else {
                boolean wide = i + 1 < s.length() && s.charAt(i + 1) == '+';
                int digits = wide ? 6 : 4;
                int from = i + (wide ? 2 : 1);
                out.appendCodePoint(hex(s, from, digits));
                i = from + digits;
            }
        }
        return out.toString();
    }

    private static int hex(String s, int from, int digits) {
        if (from + digits > s.length()) {
            throw Refusals.unclassifiable(
                    "The guard cannot read the SQL safely: a bad Unicode escape in a U&\"…\"" + " identifier.");
        }
        try {
            int cp = Integer.parseInt(s.substring(from, from + digits), 16);
            if (!Character.isValidCodePoint(cp)) {
                throw new NumberFormatException();
            }
            return cp;
        } catch (NumberFormatException e) {
            throw Refusals.unclassifiable(
                    "The guard cannot read the SQL safely: a bad Unicode escape in a U&\"…\"" + " identifier.");
        }
    }
}
