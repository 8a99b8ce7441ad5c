package dev.gabysql.server.http;

import dev.gabysql.server.ApiToken;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The console's sign-ins (docs/console.md#security). A person signs in once with a token, never carried in a URL;
 * the browser then holds only a random session id in an HttpOnly, SameSite=Strict cookie, and the page holds a second
 * random value, the CSRF token, that every request of the console repeats in a header. A page of another site can make
 * the browser send the cookie but cannot read the CSRF token, so it cannot act for the person.
 *
 * <p>A session ends when the person signs out, after {@link #IDLE} without a request, or {@link #LIFETIME} after the
 * sign-in; at most {@link #MAX_SESSIONS} live at once (the oldest goes first). Kept in memory only: a restart signs
 * everyone out. Thread-safe.
 */
public final class ConsoleSessions {
    /** The cookie that names a session. */
    public static final String COOKIE = "gabysql_console";
    /** The header a console request repeats its CSRF token in. */
    public static final String CSRF_HEADER = "X-Gabysql-Csrf";

    static final Duration IDLE = Duration.ofHours(2);
    static final Duration LIFETIME = Duration.ofHours(12);
    static final int MAX_SESSIONS = 64;

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    /**
     * A signed-in person or program.
     *
     * @param id       the cookie's value
     * @param csrf     what each request repeats in {@link #CSRF_HEADER}
     * @param label    the name of the token signed in with, for the page and the audit log
     * @param caller   the credential the session's calls run with (null on a server without agents' tokens)
     * @param approver the approver's credential when the token signed in with is a person's, else null
     */
    public record Session(String id, String csrf, String label, ApiToken caller, ApiToken approver, Instant started) {
        public boolean isApprover() {
            return approver != null;
        }
    }

    private final Clock clock;
    /** In sign-in order, so that the first entry is the one to drop when full. */
    private final Map<String, Entry> sessions = new LinkedHashMap<>();

    public ConsoleSessions(Clock clock) {
        this.clock = clock;
    }

    /** Opens a session for {@code label}; returns it with its fresh id and CSRF token. */
    public synchronized Session open(String label, ApiToken caller, ApiToken approver) {
        expire();
        if (sessions.size() >= MAX_SESSIONS) {
            Iterator<String> oldest = sessions.keySet().iterator();
            oldest.next();
            oldest.remove();
        }
        Instant now = clock.instant();
        Session s = new Session(random(), random(), label, caller, approver, now);
        sessions.put(s.id(), new Entry(s, now));
        return s;
    }

    /** The live session a cookie names, touched; empty when unknown or expired. */
    public synchronized Optional<Session> find(String id) {
        if (id == null) {
            return Optional.empty();
        }
        expire();
        Entry e = sessions.get(id);
        if (e == null) {
            return Optional.empty();
        }
        e.lastSeen = clock.instant();
        return Optional.of(e.session);
    }

    /** Ends a session (sign-out). */
    public synchronized void close(String id) {
        if (id != null) {
            sessions.remove(id);
        }
    }

    /** Whether {@code presented} is this session's CSRF token, compared in constant time. */
    public static boolean csrfMatches(Session s, String presented) {
        return presented != null
                && MessageDigest.isEqual(
                        s.csrf().getBytes(StandardCharsets.US_ASCII), presented.getBytes(StandardCharsets.UTF_8));
    }

    /** The session id the request's cookie carries, or null. */
    public static String cookieValue(jakarta.servlet.http.HttpServletRequest req) {
        jakarta.servlet.http.Cookie[] cookies = req.getCookies();
        if (cookies == null) {
            return null;
        }
        for (jakarta.servlet.http.Cookie c : cookies) {
            if (COOKIE.equals(c.getName())) {
                return c.getValue();
            }
        }
        return null;
    }

    private void expire() {
        Instant now = clock.instant();
        sessions.values()
                .removeIf(e -> e.lastSeen.plus(IDLE).isBefore(now)
                        || e.session.started().plus(LIFETIME).isBefore(now));
    }

    private static String random() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return BASE64URL.encodeToString(bytes);
    }

    private static final class Entry {
        final Session session;
        Instant lastSeen;

        Entry(Session session, Instant lastSeen) {
            this.session = session;
            this.lastSeen = lastSeen;
        }
    }
}
