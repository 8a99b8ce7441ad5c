package dev.gabysql.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a script into statements at semicolons outside quotes, dollar quotes and comments. Only for feeding the
 * service one statement at a time: the guard still checks each piece on its own.
 */
final class ScriptSplitter {
    private ScriptSplitter() {
    }

    static List<String> split(String script) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int i = 0;
        int n = script.length();
        while (i < n) {
            char c = script.charAt(i);
            int end = skipQuoted(script, i);
            if (end > i) {
                cur.append(script, i, end);
                i = end;
            } else if (c == ';') {
                add(out, cur);
                i++;
            } else {
                cur.append(c);
                i++;
            }
        }
        add(out, cur);
        return out;
    }

    /** End index of a quoted string, comment or dollar-quoted body starting at i, or i if none starts there. */
    private static int skipQuoted(String s, int i) {
        char c = s.charAt(i);
        if (c == '\'' || c == '"' || c == '`') {
            int j = i + 1;
            while (j < s.length()) {
                if (s.charAt(j) == c) {
                    if (j + 1 < s.length() && s.charAt(j + 1) == c) {
                        j += 2;
                        continue;
                    }
                    return j + 1;
                }
                j++;
            }
            return s.length();
        }
        if (s.startsWith("--", i)) {
            int nl = s.indexOf('\n', i);
            return nl < 0 ? s.length() : nl;
        }
        if (s.startsWith("/*", i)) {
            int close = s.indexOf("*/", i + 2);
            return close < 0 ? s.length() : close + 2;
        }
        if (c == '$') {
            int j = i + 1;
            while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                j++;
            }
            if (j < s.length() && s.charAt(j) == '$') {
                String tag = s.substring(i, j + 1);
                int close = s.indexOf(tag, j + 1);
                return close < 0 ? s.length() : close + tag.length();
            }
        }
        return i;
    }

    private static void add(List<String> out, StringBuilder cur) {
        String s = cur.toString().strip();
        if (!s.isEmpty()) {
            out.add(s);
        }
        cur.setLength(0);
    }
}
