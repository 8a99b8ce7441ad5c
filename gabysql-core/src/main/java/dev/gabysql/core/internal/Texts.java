package dev.gabysql.core.internal;

/** Cutting text for display without leaving half a character. Stateless. */
public final class Texts {
    private Texts() {}

    /**
     * Where to cut {@code s} to keep at most {@code max} UTF-16 units: {@code max}, or one less when that would
     * keep the first half of a character outside the BMP (an emoji) without its second — a lone surrogate is not
     * text a client can decode (JSON writes it as {@code \uD83D}; Python's decoder refuses to encode it again).
     */
    public static int cutPoint(String s, int max) {
        if (max >= s.length()) {
            return s.length();
        }
        return max > 0 && Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : Math.max(0, max);
    }

    /** {@code s} cut to at most {@code max} units and {@code mark} after it, or {@code s} when it fits. */
    public static String cut(String s, int max, String mark) {
        return s.length() <= max ? s : s.substring(0, cutPoint(s, max)) + mark;
    }
}
