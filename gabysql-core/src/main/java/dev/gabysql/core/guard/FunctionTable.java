package dev.gabysql.core.guard;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Functions with side effects for one flavour, each with what it does and so which mode may call it. Names are
 * matched case-insensitively, on the last part of a qualified name (pg_catalog.pg_read_file is pg_read_file);
 * a name ending in '*' is a prefix. Built once per flavour, then read-only and thread-safe.
 */
final class FunctionTable {

    /** How far a function reaches, which decides the mode that may call it. */
    enum Effect {
        /** Changes data as DML does (sequences, transaction-scoped locks): readwrite and admin. */
        DATA(Mode.READWRITE, ErrorCode.SIDE_EFFECT),
        /** Acts on the server, other sessions or physical structures: admin only. */
        SERVER(Mode.ADMIN, ErrorCode.SIDE_EFFECT),
        /** Changes session settings: never, gabysql owns the session. */
        SESSION(null, ErrorCode.SESSION_CHANGE),
        /** Leaves state behind the call (session locks) or reaches files, the OS, the network, or runs SQL hidden
         *  in a string the guard cannot see: never, in any mode. */
        NEVER(null, ErrorCode.SIDE_EFFECT);

        final Mode allowedFrom;
        final ErrorCode code;

        Effect(Mode allowedFrom, ErrorCode code) {
            this.allowedFrom = allowedFrom;
            this.code = code;
        }
    }

    private record Entry(Effect effect, String why) {}

    private final Map<String, Entry> exact = new HashMap<>();
    private final List<Map.Entry<String, Entry>> prefixes = new ArrayList<>();

    /** Adds names (a trailing '*' makes a prefix) that share an effect and a reason. */
    FunctionTable add(Effect effect, String why, String... names) {
        Entry entry = new Entry(effect, why);
        for (String name : names) {
            String n = name.toLowerCase(Locale.ROOT);
            if (n.endsWith("*")) {
                prefixes.add(Map.entry(n.substring(0, n.length() - 1), entry));
            } else {
                exact.put(n, entry);
            }
        }
        return this;
    }

    /** Everything of the other tables too (the generic flavour takes the union: strictest). */
    FunctionTable addAll(FunctionTable other) {
        exact.putAll(other.exact);
        prefixes.addAll(other.prefixes);
        return this;
    }

    /** The side effect of calling {@code name}, or null when the function is not in the table. */
    SideEffect lookup(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        Entry e = exact.get(n);
        if (e == null) {
            for (Map.Entry<String, Entry> p : prefixes) {
                if (n.startsWith(p.getKey())) {
                    e = p.getValue();
                    break;
                }
            }
        }
        return e == null ? null : new SideEffect("`" + n + "()` " + e.why(), e.effect().allowedFrom, e.effect().code);
    }
}
