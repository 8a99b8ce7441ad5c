package dev.gabysql.cli.format;

import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * How {@code gabysql approve} shows a write that waits for a person: everything the person approves — the database,
 * the exact SQL and parameters, the mode, the blast radius and sample rows of its preview — and who asked, how long
 * ago, and until when it can be approved (docs/design.md#approval). Plain text for a terminal. Stateless.
 */
public final class PendingWriteText {
    private PendingWriteText() {}

    /** The write's full preview, each line indented by {@code indent}; {@code now} dates its age and expiry. */
    public static String render(PendingWrite w, Instant now, String indent) {
        StringBuilder sb = new StringBuilder();
        line(sb, indent, w.id() + "  on `" + w.db() + "` (" + w.mode().label() + ")");
        line(sb, indent, "asked by " + asker(w) + ", " + age(w.createdAt(), now) + "; " + expiry(w.expiresAt(), now));
        sb.append(indent).append("SQL:    ");
        sb.append(w.sql().strip().replace("\n", "\n" + indent + "        ")).append('\n');
        if (!w.params().isEmpty()) {
            line(sb, indent, "params: " + Json.MAPPER.valueToTree(w.params()));
        }
        if (!w.rehearsed()) {
            line(sb, indent, "NO PREVIEW: it cannot be rehearsed; approving runs it for real, at once.");
        } else {
            String radius = w.blastRadius() == null ? "" : w.blastRadius().summary();
            line(
                    sb,
                    indent,
                    "effect: " + WriteSummary.rows(w.affectedRows()) + (radius.isEmpty() ? "" : " — " + radius));
            if (w.blastRadius() != null && w.blastRadius().uncounted() != null) {
                line(sb, indent, "        not counted: " + w.blastRadius().uncounted());
            }
        }
        if (w.sample() != null && !w.sample().columns().isEmpty()) {
            line(sb, indent, "sample rows of the preview:");
            for (String row : Format.TABLE.render(w.sample()).split("\n")) {
                line(sb, indent, "  " + row);
            }
        }
        for (String note : w.notes()) {
            line(sb, indent, "note: " + note);
        }
        return sb.toString();
    }

    /** What became of a decided write, in a sentence. */
    public static String outcome(PendingWrite w) {
        switch (w.state()) {
            case COMMITTED:
                return "Committed: " + WriteSummary.rows(w.committedRows() == null ? 0 : w.committedRows())
                        + " affected on `" + w.db() + "`.";
            case REJECTED:
                return "Rejected: nothing changed on `" + w.db() + "`.";
            case CHANGED:
                return "Not committed: the data changed since the preview (" + w.message() + ")";
            default:
                return w.state().label() + ": " + (w.message() == null ? "nothing was committed." : w.message());
        }
    }

    private static String asker(PendingWrite w) {
        String who = w.client() == null || w.client().isBlank() ? "an unnamed client" : w.client();
        return who + (w.frontEnd() == null ? "" : " via " + w.frontEnd());
    }

    private static String age(String createdAt, Instant now) {
        Instant at = parse(createdAt);
        return at == null ? "at " + createdAt : span(Duration.between(at, now)) + " ago";
    }

    private static String expiry(String expiresAt, Instant now) {
        Instant at = parse(expiresAt);
        if (at == null) {
            return "expires " + expiresAt;
        }
        return now.isAfter(at) ? "expired at " + expiresAt : "expires in " + span(Duration.between(now, at));
    }

    /** A duration the way a person reads it: 42 s, 3 min, 2 h 5 min. */
    static String span(Duration d) {
        long s = Math.max(0, d.getSeconds());
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return s / 60 + " min";
        }
        long min = s / 60 % 60;
        return s / 3600 + " h" + (min == 0 ? "" : " " + min + " min");
    }

    private static Instant parse(String iso) {
        try {
            return iso == null ? null : Instant.parse(iso);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static void line(StringBuilder sb, String indent, String text) {
        sb.append(indent).append(text).append('\n');
    }
}
