package dev.gabysql.core.introspect;

import dev.gabysql.core.api.Rendered;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Supplier;

/**
 * The last few descriptions rendered, keyed by the very model instance they were rendered from (a cached
 * schema is one instance for its whole TTL) and the request. Repeating a describe of a 500-table schema then costs
 * little instead of rebuilding ~190,000 characters and their JSON. Identity, not equality: comparing two models
 * would cost as much as rendering. Each caller gets its own copy of the JSON, so a front end that adds to it
 * cannot change what the next caller sees. Thread-safe.
 */
final class RenderCache {
    /** A few: the detail levels of one schema, a page or two; a full 500-table answer holds ~5 MB. */
    private static final int SIZE = 4;

    private static final Deque<Entry> ENTRIES = new ArrayDeque<>();

    private RenderCache() {}

    private record Entry(SchemaModel model, String key, Rendered value) {}

    static Rendered get(SchemaModel model, String key, Supplier<Rendered> render) {
        synchronized (ENTRIES) {
            for (Entry e : ENTRIES) {
                if (e.model() == model && e.key().equals(key)) {
                    return copy(e.value());
                }
            }
        }
        Rendered value = render.get();
        synchronized (ENTRIES) {
            ENTRIES.addFirst(new Entry(model, key, value));
            while (ENTRIES.size() > SIZE) {
                ENTRIES.removeLast();
            }
        }
        return copy(value);
    }

    private static Rendered copy(Rendered r) {
        return new Rendered(r.text(), r.json() == null ? null : r.json().deepCopy());
    }
}
