package dev.gabysql.core.guard;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The functions of one flavour the guard knows: those with side effects, each with what it does (so which mode may
 * call it) and whether a preview's rollback undoes it; and those known to be pure, which a previewed write may call.
 * A function in neither list is unknown: a write that calls it cannot be rehearsed truthfully
 * (docs/design.md#writes-preview-and-confirm). Names are matched case-insensitively, on the last part of a qualified
 * name (pg_catalog.pg_read_file is pg_read_file); a name ending in '*' is a prefix. Built once per flavour, then
 * read-only and thread-safe.
 */
final class FunctionTable {

    /** How far a function reaches, which decides the mode that may call it. */
    enum Effect {
        /** No side effect: fine in a read and in a previewed write. */
        PURE(Mode.READONLY, null),
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

    /** What a preview's rollback does to a function's effect. */
    enum Rollback {
        /** The rollback undoes it (transactional): a preview may run it. */
        UNDONE,
        /** The rollback does not undo it, but the dialect's preview puts it back (PostgreSQL sequences). */
        RESTORED,
        /** Nothing undoes it: a statement that calls it gets no preview. */
        KEPT
    }

    /** One function's row: its effect, why it matters, and what a rollback does to it. */
    record Entry(Effect effect, String why, Rollback rollback) {
        boolean pure() {
            return effect == Effect.PURE;
        }

        SideEffect sideEffect(String name) {
            return new SideEffect("`" + name + "()` " + why, effect.allowedFrom, effect.code);
        }

        /** The reason a preview cannot rehearse a call, or null when it can. */
        String noPreview(String name) {
            return rollback == Rollback.KEPT ? "`" + name + "()` " + why + ", which no rollback undoes" : null;
        }
    }

    private final Map<String, Entry> exact = new HashMap<>();
    private final List<Map.Entry<String, Entry>> prefixes = new ArrayList<>();

    /**
     * Adds names (a trailing '*' makes a prefix) that share an effect and a reason; nothing undoes their effect, so
     * a preview never runs them (fail closed).
     */
    FunctionTable add(Effect effect, String why, String... names) {
        return add(effect, Rollback.KEPT, why, names);
    }

    /** Adds names whose effect a rollback undoes, or the preview restores. */
    FunctionTable add(Effect effect, Rollback rollback, String why, String... names) {
        Entry entry = new Entry(effect, why, rollback);
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

    /** Functions with no side effect (the flavour's built-ins that writes commonly call). */
    FunctionTable pure(String... names) {
        return add(Effect.PURE, Rollback.UNDONE, "has no side effect", names);
    }

    /**
     * The side effects of the other tables too (the generic flavour takes the union: strictest); their pure lists
     * are not taken, so a name pure in one engine and not in another stays unknown.
     */
    FunctionTable addAll(FunctionTable other) {
        other.exact.forEach((name, e) -> {
            if (!e.pure()) {
                exact.put(name, withoutRestore(e));
            }
        });
        for (Map.Entry<String, Entry> p : other.prefixes) {
            if (!p.getValue().pure()) {
                prefixes.add(Map.entry(p.getKey(), withoutRestore(p.getValue())));
            }
        }
        return this;
    }

    /** Restoring is the source dialect's work: taken into another table, the effect is kept. */
    private static Entry withoutRestore(Entry e) {
        return e.rollback() == Rollback.RESTORED ? new Entry(e.effect(), e.why(), Rollback.KEPT) : e;
    }

    /** The row of {@code name}, or null when the function is unknown. A side effect wins over a pure name. */
    Entry lookup(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        Entry found = exact.get(n);
        if (found != null && !found.pure()) {
            return found;
        }
        for (Map.Entry<String, Entry> p : prefixes) {
            if (n.startsWith(p.getKey()) && (found == null || found.pure())) {
                found = p.getValue();
            }
        }
        return found;
    }
}
