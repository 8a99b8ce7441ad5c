package dev.gabysql.core.exec;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.state.MemoryTokenLedger;
import dev.gabysql.core.state.TokenLedger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Issues and checks the tokens that confirm a previewed write (docs/design.md#writes-preview-and-confirm). A token
 * binds the database, the exact SQL and parameters, the mode, the previewed count and the evidence of what the preview
 * changed (a digest of its rows per table and of the affected rows); it is HMAC-SHA256-signed with the
 * server's key, expires, and is single use. Several instances that share the key accept each other's tokens; single use
 * holds across the instances that share the {@link TokenLedger} too: one process with the default memory ledger,
 * every replica of one state database with the shared one (docs/design.md#shared-state). A token is used up when it is
 * redeemed, before its write runs, so a write that then fails needs a new preview. Thread-safe.
 */
public final class ConfirmTokens {
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();
    private static final int ID_BYTES = 12;
    /** The token format's version: gct2 binds the evidence of what the preview changed. */
    private static final String PREFIX = "gct2";

    private final byte[] key;
    private final Duration ttl;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    private final TokenLedger ledger;

    /** Tokens whose redemptions this process remembers, in memory. */
    public ConfirmTokens(byte[] key, Duration ttl, Clock clock) {
        this(key, ttl, clock, new MemoryTokenLedger(clock));
    }

    /** Tokens whose redemptions {@code ledger} remembers (shared by the replicas of one state database, or not). */
    public ConfirmTokens(byte[] key, Duration ttl, Clock clock, TokenLedger ledger) {
        this.key = key.clone();
        this.ttl = ttl;
        this.clock = clock;
        this.ledger = ledger;
    }

    /** Tokens signed with a random key: valid for this process only. */
    public static ConfirmTokens withRandomKey(Duration ttl) {
        return new ConfirmTokens(randomKey(), ttl, Clock.systemUTC());
    }

    /** A random signing key, for a process whose tokens no other process needs to check. */
    public static byte[] randomKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return key;
    }

    /**
     * What a token is bound to.
     *
     * @param count    the rows the preview affected; -1 for a statement announced without a preview
     * @param evidence a digest of what the preview changed ({@link Evidence}), or "" when nothing ran
     */
    public record Binding(String db, String statementHash, String mode, long count, String evidence) {
        public Binding(String db, String statementHash, String mode, long count) {
            this(db, statementHash, mode, count, "");
        }
    }

    /** A token and what it says, once verified. */
    public record Issued(String token, String id, Instant expiresAt) {}

    public Issued issue(Binding b) {
        byte[] idBytes = new byte[ID_BYTES];
        random.nextBytes(idBytes);
        String id = B64.encodeToString(idBytes);
        Instant expires = clock.instant().plus(ttl);
        String payload = String.join(
                "|",
                id,
                Long.toString(expires.getEpochSecond()),
                b.db(),
                b.statementHash(),
                b.mode(),
                Long.toString(b.count()),
                b.evidence());
        String body = B64.encodeToString(payload.getBytes(StandardCharsets.UTF_8));
        return new Issued(PREFIX + "." + body + "." + B64.encodeToString(sign(body)), id, expires);
    }

    /**
     * Checks a token against what the confirming call is about to do and consumes it: from here on it is used, whether
     * the write then commits or not. With a shared ledger that cannot be reached, {@code STATE_UNAVAILABLE} and
     * nothing may run.
     *
     * @return the count the preview saw, and the token id (for the audit log)
     */
    public Verified redeem(String token, String db, String statementHash, String mode) {
        String[] parts = token == null ? new String[0] : token.split("\\.", -1);
        if (parts.length != 3 || !PREFIX.equals(parts[0])) {
            throw invalid("The confirm token is malformed.");
        }
        byte[] expected = sign(parts[1]);
        byte[] given;
        try {
            given = B64D.decode(parts[2]);
        } catch (IllegalArgumentException e) {
            throw invalid("The confirm token is malformed.");
        }
        if (!MessageDigest.isEqual(expected, given)) {
            throw invalid(
                    "The confirm token's signature is not valid (it was altered, or issued by another" + " server).");
        }
        String[] f = new String(B64D.decode(parts[1]), StandardCharsets.UTF_8).split("\\|", -1);
        if (f.length != 7) {
            throw invalid("The confirm token is malformed.");
        }
        Instant expires = Instant.ofEpochSecond(Long.parseLong(f[1]));
        if (clock.instant().isAfter(expires)) {
            throw new GabyException(ErrorCode.CONFIRM_TOKEN_EXPIRED, "The confirm token expired at " + expires + ".");
        }
        if (!f[2].equals(db)) {
            throw invalid("The confirm token was issued for database `" + f[2] + "`, not `" + db + "`.");
        }
        if (!f[3].equals(statementHash)) {
            throw invalid("The confirm token was issued for a different statement (or parameters); a token"
                    + " confirms only the exact SQL it previewed.");
        }
        if (!f[4].equals(mode)) {
            throw invalid("The confirm token was issued under mode " + f[4] + ", but this call runs as " + mode + ".");
        }
        consume(f[0], expires);
        return new Verified(f[0], Long.parseLong(f[5]), f[6]);
    }

    /** A redeemed token: its id, the previewed count and the evidence of what the preview changed. */
    public record Verified(String id, long previewedCount, String evidence) {
        /** The token confirms a statement that was announced, not previewed. */
        public boolean unrehearsed() {
            return previewedCount < 0;
        }
    }

    private void consume(String id, Instant expires) {
        if (!ledger.redeem(id, expires)) {
            throw invalid("The confirm token was already used; each token confirms one write once.");
        }
    }

    private byte[] sign(String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(body.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    /** SHA-256 of the statement and its parameters, as bound into a token. */
    public static String statementHash(String sql, String paramsJson) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] s = sql.getBytes(StandardCharsets.UTF_8);
            md.update(ByteBuffer.allocate(4).putInt(s.length).array());
            md.update(s);
            md.update(paramsJson.getBytes(StandardCharsets.UTF_8));
            return B64.encodeToString(md.digest());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    private static GabyException invalid(String message) {
        return new GabyException(ErrorCode.CONFIRM_TOKEN_INVALID, message);
    }
}
