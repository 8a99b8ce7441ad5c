package dev.gabysql.core.audit;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The hash chain of the audit log (docs/design.md#audit-log). A chained line is the event's JSON object with two
 * more members at its end, {@code "seq"} (1 for the first chained line of the file) and {@code "chain"}:
 *
 * <pre>{"time":…,"error_code":"…","seq":7,"chain":"&lt;43 characters&gt;"}</pre>
 *
 * where {@code chain = base64url-without-padding(HMAC-SHA256(key, previous chain ‖ body))}, {@code previous chain}
 * being the ASCII text of the line before's {@code chain} value (empty for seq 1) and {@code body} the line's bytes
 * up to, not including, {@code ,"chain":"}. A JSON string escapes its quotes, so that sequence occurs once per line,
 * in the member gabysql wrote. Not thread-safe (one {@link Mac}).
 */
final class AuditChain {
    /** The length of a chain value: 32 bytes in base64url without padding. */
    static final int CHAIN_LENGTH = 43;

    private static final byte[] SEQ = ascii(",\"seq\":");
    private static final byte[] CHAIN = ascii(",\"chain\":\"");
    private static final byte[] END = ascii("\"}\n");
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final Mac mac;

    AuditChain(byte[] key) {
        try {
            mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }

    /**
     * The chained form of {@code eventLine} ({@link AuditEvent#toJsonLine()}: one object and a line feed) as line
     * {@code seq} of the chain after {@code previous}.
     */
    byte[] link(byte[] eventLine, long seq, String previous) {
        byte[] seqText = ascii(Long.toString(seq));
        int open = eventLine.length - 2; // without "}\n"
        byte[] body = new byte[open + SEQ.length + seqText.length];
        System.arraycopy(eventLine, 0, body, 0, open);
        System.arraycopy(SEQ, 0, body, open, SEQ.length);
        System.arraycopy(seqText, 0, body, open + SEQ.length, seqText.length);
        byte[] chain = ascii(chainOf(previous, body, body.length));
        byte[] line = Arrays.copyOf(body, body.length + CHAIN.length + chain.length + END.length);
        System.arraycopy(CHAIN, 0, line, body.length, CHAIN.length);
        System.arraycopy(chain, 0, line, body.length + CHAIN.length, chain.length);
        System.arraycopy(END, 0, line, body.length + CHAIN.length + chain.length, END.length);
        return line;
    }

    /** The chain value of a line whose body is {@code line[0, bodyLength)}, after {@code previous}. */
    String chainOf(String previous, byte[] line, int bodyLength) {
        mac.update(ascii(previous));
        mac.update(line, 0, bodyLength);
        return BASE64URL.encodeToString(mac.doFinal());
    }

    /** Whether {@code link} is what this key makes of its line after {@code previous}, in constant time. */
    boolean matches(String previous, byte[] line, Link link) {
        return MessageDigest.isEqual(ascii(chainOf(previous, line, link.bodyLength())), ascii(link.chain()));
    }

    /**
     * The chain members of one line (without its line feed), {@link Link#NONE} when it has no chain member (a line
     * written before chaining, or not by gabysql), {@link Link#MALFORMED} when the members are not as written.
     */
    static Link parse(byte[] line, int length) {
        int at = lastIndexOf(line, length, CHAIN);
        if (at < 0) {
            return Link.NONE;
        }
        int valueStart = at + CHAIN.length;
        if (length - valueStart != CHAIN_LENGTH + 2 || line[length - 2] != '"' || line[length - 1] != '}') {
            return Link.MALFORMED;
        }
        String chain = new String(line, valueStart, CHAIN_LENGTH, StandardCharsets.US_ASCII);
        long seq = seqBefore(line, at);
        if (seq < 1 || !isBase64Url(chain)) {
            return Link.MALFORMED;
        }
        return new Link(seq, chain, at);
    }

    /** The number of {@code ,"seq":N} ending at {@code end}, or -1. */
    private static long seqBefore(byte[] line, int end) {
        int start = end;
        while (start > 0 && line[start - 1] >= '0' && line[start - 1] <= '9' && end - start < 18) {
            start--;
        }
        if (start == end || start < SEQ.length || (line[start] == '0')) {
            return -1;
        }
        for (int i = 0; i < SEQ.length; i++) {
            if (line[start - SEQ.length + i] != SEQ[i]) {
                return -1;
            }
        }
        return Long.parseLong(new String(line, start, end - start, StandardCharsets.US_ASCII));
    }

    private static boolean isBase64Url(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok =
                    (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static int lastIndexOf(byte[] line, int length, byte[] what) {
        for (int i = length - what.length; i >= 0; i--) {
            int j = 0;
            while (j < what.length && line[i + j] == what[j]) {
                j++;
            }
            if (j == what.length) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * A line's place in the chain: its {@code seq}, its {@code chain} value, and where its body ends (where
     * {@code ,"chain":"} starts).
     */
    record Link(long seq, String chain, int bodyLength) {
        static final Link NONE = new Link(0, null, -1);
        static final Link MALFORMED = new Link(-1, null, -1);

        boolean chained() {
            return seq > 0;
        }
    }
}
