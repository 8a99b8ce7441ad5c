package dev.gabysql.core.state;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * The form of an approval id: {@code apr_} and 128 random bits in base64url (docs/design.md#approval). The id names a
 * write and approves nothing; every store reads only ids of this form, so a forged or altered one names no write (and
 * never a file path). Thread-safe.
 */
public final class ApprovalIds {
    private static final Pattern ID = Pattern.compile("apr_[A-Za-z0-9_-]{22}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApprovalIds() {}

    /** A new, unguessable approval id. */
    public static String newId() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return "apr_" + Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** Whether {@code id} has the form of an approval id. */
    public static boolean isId(String id) {
        return id != null && ID.matcher(id).matches();
    }
}
