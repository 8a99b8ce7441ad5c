package dev.gabysql.core.dialect.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Sessions ordered as a blocking tree (docs/dba.md): each session that blocks others and waits on none
 * first, followed by the sessions waiting on it (and those waiting on them, one level deeper each), then every other
 * session in the order given. A cycle (a deadlock the engine has not broken yet) is listed once. Not thread-safe.
 *
 * @param <S> what a session is to the caller (a catalog row)
 */
public final class SessionTree<S> {
    private final Map<Long, S> sessions = new LinkedHashMap<>();
    private final Map<Long, List<Long>> blockers = new LinkedHashMap<>();

    /** Adds a session and the ids of the sessions it waits on. */
    public void add(long id, S session, List<Long> blockedBy) {
        sessions.put(id, session);
        blockers.put(id, blockedBy);
    }

    /** A session placed in the tree: how deep, and whom it blocks. */
    public record Placed<S>(long id, S session, int depth, List<Long> blocks) {}

    /** Every session, placed. */
    public List<Placed<S>> ordered() {
        Map<Long, List<Long>> waiters = new LinkedHashMap<>();
        blockers.forEach((id, by) -> by.forEach(
                b -> waiters.computeIfAbsent(b, k -> new ArrayList<>()).add(id)));
        List<Placed<S>> out = new ArrayList<>();
        Set<Long> seen = new LinkedHashSet<>();
        for (Long id : sessions.keySet()) {
            if (waiters.containsKey(id) && blockers.get(id).isEmpty()) {
                walk(id, 0, waiters, seen, out);
            }
        }
        for (Long id : sessions.keySet()) {
            if (waiters.containsKey(id) && !seen.contains(id)) {
                walk(id, 0, waiters, seen, out); // blocked and blocking: part of a cycle, or its root is not shown
            }
        }
        for (Long id : sessions.keySet()) {
            if (!seen.contains(id)) {
                seen.add(id);
                out.add(new Placed<>(id, sessions.get(id), 0, List.of()));
            }
        }
        return out;
    }

    private void walk(long id, int depth, Map<Long, List<Long>> waiters, Set<Long> seen, List<Placed<S>> out) {
        if (!seen.add(id) || !sessions.containsKey(id)) {
            return;
        }
        List<Long> blocks = waiters.getOrDefault(id, List.of());
        out.add(new Placed<>(id, sessions.get(id), depth, blocks));
        for (Long w : blocks) {
            walk(w, depth + 1, waiters, seen, out);
        }
    }

    /** Session ids from a comma-separated list ({@code 4242, 4250}); empty for null or blank. */
    public static List<Long> ids(String list) {
        List<Long> out = new ArrayList<>();
        if (list == null || list.isBlank()) {
            return out;
        }
        for (String part : list.split(",")) {
            if (!part.isBlank()) {
                out.add(Long.parseLong(part.strip()));
            }
        }
        return out;
    }
}
