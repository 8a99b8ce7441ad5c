package dev.gabysql.cli.shell;

import java.nio.charset.Charset;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;

/**
 * How one value looks on the terminal. NULL gets its own faint marker ({@code ∅}, or {@code NULL} where the
 * terminal's charset has no such sign) so it never looks like an empty string or the text 'NULL'. Control
 * characters are shown escaped: a value from the database must never drive the terminal (escape sequences in
 * data would otherwise move the cursor, retitle the window, …).
 */
final class CellText {
    private static final AttributedStyle NULL_STYLE =
            AttributedStyle.DEFAULT.faint().italic();

    private final String nullMarker;
    private final String ellipsis;

    CellText(Charset charset) {
        boolean unicode = charset.newEncoder().canEncode("∅…");
        this.nullMarker = unicode ? "∅" : "NULL";
        this.ellipsis = unicode ? "…" : "~";
    }

    AttributedString of(Object value) {
        if (value == null) {
            return new AttributedString(nullMarker, NULL_STYLE);
        }
        return new AttributedString(sanitize(value.toString()));
    }

    String ellipsis() {
        return ellipsis;
    }

    /** The text cut to {@code width} terminal columns, the last one an ellipsis when it was cut. */
    AttributedString cut(AttributedString text, int width) {
        if (text.columnLength() <= width) {
            return text;
        }
        if (width <= 1) {
            return new AttributedString(ellipsis.substring(0, Math.max(0, width)));
        }
        return AttributedString.join(
                AttributedString.EMPTY, text.columnSubSequence(0, width - 1), new AttributedString(ellipsis));
    }

    /** Newlines, tabs and every other control character shown as escapes. */
    static String sanitize(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String rep = escape(c);
            if (rep != null && sb == null) {
                sb = new StringBuilder(s.length() + 8).append(s, 0, i);
            }
            if (sb != null) {
                if (rep != null) {
                    sb.append(rep);
                } else {
                    sb.append(c);
                }
            }
        }
        return sb == null ? s : sb.toString();
    }

    private static String escape(char c) {
        switch (c) {
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            default:
                boolean control = c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f);
                return control ? String.format("\\x%02x", (int) c) : null;
        }
    }
}
