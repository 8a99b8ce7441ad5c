package dev.gabysql.core.introspect;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;

/**
 * The opaque cursor of a paged description: where the next page starts, bound to the request it continues (a
 * cursor used with other filters or another detail level is refused rather than silently misread). Stateless.
 */
final class PageCursor {
    private static final String PREFIX = "p1:";

    private PageCursor() {}

    static String fingerprint(DetailLevel level, SchemaFilter filter) {
        return Integer.toHexString(Objects.hash(level, filter.schema(), filter.tables(), filter.pattern()));
    }

    static String encode(int offset, String fingerprint) {
        String raw = PREFIX + offset + ":" + fingerprint;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    /** The offset a cursor points at; 0 for no cursor. */
    static int decode(String cursor, String fingerprint) {
        if (cursor == null || cursor.isBlank()) {
            return 0;
        }
        try {
            String raw = new String(Base64.getUrlDecoder().decode(cursor.strip()), StandardCharsets.UTF_8);
            String[] parts = raw.split(":");
            if (parts.length == 3 && (parts[0] + ":").equals(PREFIX) && parts[2].equals(fingerprint)) {
                int offset = Integer.parseInt(parts[1]);
                if (offset >= 0) {
                    return offset;
                }
            }
        } catch (IllegalArgumentException e) {
            // falls through to the refusal below
        }
        throw new GabyException(
                ErrorCode.BAD_REQUEST,
                "The cursor does not belong to this request.",
                "Pass the cursor with the same detail, schema, tables and pattern it came with, or start again"
                        + " without a cursor.");
    }
}
