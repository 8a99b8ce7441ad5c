package dev.gabysql.core.audit;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gabysql.core.api.AuditPage;
import dev.gabysql.core.api.AuditQuery;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads pages of an audit file newest first, for a person's console (docs/console.md). One forward pass keeps the
 * last {@code limit} matching lines below the cursor, so memory stays bounded by the page whatever the file's size;
 * the time is one read of the file. A line that is not a JSON object (cut by a crash, or edited) is shown as
 * {@code {"unreadable": true}} with its line number rather than hidden: {@code verify} says what is wrong with it.
 * Stateless.
 */
public final class AuditReader {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<LinkedHashMap<String, Object>> OBJECT = new TypeReference<>() {};

    private AuditReader() {}

    /** The page {@code query} asks for; an empty page when the file does not exist yet. */
    public static AuditPage read(Path file, AuditQuery query) {
        Deque<Map<String, Object>> page = new ArrayDeque<>();
        boolean more = false;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            long number = 0;
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                number++;
                if (query.before() != null && number >= query.before()) {
                    break;
                }
                Map<String, Object> event = parse(text, number);
                if (matches(event, query)) {
                    page.addLast(event);
                    if (page.size() > query.limit()) {
                        page.removeFirst();
                        more = true;
                    }
                }
            }
        } catch (NoSuchFileException e) {
            return new AuditPage(List.of(), null);
        } catch (IOException e) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "The audit log " + file + " cannot be read: " + e.getMessage() + ".",
                    "Check the path given with --audit-log and the file's permissions.");
        }
        List<Map<String, Object>> newestFirst = new ArrayList<>(page.size());
        page.descendingIterator().forEachRemaining(newestFirst::add);
        Long next = more ? (Long) page.getFirst().get("line") : null;
        return new AuditPage(newestFirst, next);
    }

    private static Map<String, Object> parse(String text, long number) {
        Map<String, Object> event;
        try {
            event = JSON.readValue(text, OBJECT);
        } catch (IOException e) {
            event = null;
        }
        if (event == null) {
            event = new LinkedHashMap<>();
            event.put("unreadable", true);
        }
        event.remove("chain");
        event.put("line", number);
        return event;
    }

    private static boolean matches(Map<String, Object> e, AuditQuery q) {
        return is(e, "db", q.db())
                && is(e, "front_end", q.frontEnd())
                && is(e, "outcome", q.outcome())
                && (q.caller() == null || q.caller().equals(callerOf(e)));
    }

    /** Who called: the credential's name, else the client's (lines of the stdio and shell front ends). */
    static Object callerOf(Map<String, Object> e) {
        Object caller = e.get("caller");
        return caller != null ? caller : e.get("client");
    }

    private static boolean is(Map<String, Object> e, String member, String wanted) {
        return wanted == null || wanted.equals(e.get(member));
    }
}
