package dev.gabysql.core.curated;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.NamedStatement;
import dev.gabysql.core.api.StatementInfo;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The curated tools a process serves, each checked once at start-up against its database
 * (docs/configuration.md#curated-tools): its parameters read with the guard's lexer, every {@code :name} declared and
 * every declared parameter used, and its statement classified by the guard and allowed by the database's effective
 * mode (the server's mode capped by the database's {@code max_mode}) for the access it declares. A tool that fails
 * stops the process with CONFIG_INVALID naming it. Nothing runs and no connection opens. Each call is checked again
 * by the service (the guard and the mode of that call). Immutable.
 */
public final class CuratedTools {
    /** No curated tools. */
    public static final CuratedTools NONE = new CuratedTools(List.of());

    private final List<PreparedTool> tools;

    private CuratedTools(List<PreparedTool> tools) {
        this.tools = List.copyOf(tools);
    }

    /**
     * Checks each tool against {@code service}'s catalog and mode.
     *
     * @throws GabyException CONFIG_INVALID for the first tool that fails, naming it, where the file declares it, and
     *         the rule
     */
    public static CuratedTools prepare(List<CuratedTool> declared, GabyService service) {
        if (declared.isEmpty()) {
            return NONE;
        }
        CallContext ctx = CallContext.of("startup");
        List<PreparedTool> out = new ArrayList<>();
        for (CuratedTool t : declared) {
            out.add(prepare(t, service, ctx));
        }
        return new CuratedTools(out);
    }

    /** The tools in the order the file declares them. */
    public List<PreparedTool> all() {
        return tools;
    }

    /** The tool of this name, or null. */
    public PreparedTool get(String name) {
        for (PreparedTool t : tools) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        return null;
    }

    public boolean isEmpty() {
        return tools.isEmpty();
    }

    private static PreparedTool prepare(CuratedTool t, GabyService service, CallContext ctx) {
        NamedStatement stmt;
        StatementInfo info;
        try {
            stmt = service.namedStatement(ctx, t.db(), t.sql());
            info = service.inspect(ctx, t.db(), stmt.sql());
        } catch (GabyException e) {
            throw invalid(t, e.getMessage(), e.hint());
        }
        requireDeclared(t, stmt);
        requireAccess(t, info);
        return new PreparedTool(t, stmt);
    }

    private static void requireDeclared(CuratedTool t, NamedStatement stmt) {
        Set<String> used = new LinkedHashSet<>(stmt.names());
        for (String n : used) {
            if (t.param(n) == null) {
                throw invalid(
                        t,
                        "its statement uses `:" + n + "`, which is not among its params.",
                        "Declare it: [[tools.params]] name = \"" + n + "\" type = \"string\" (or integer, number,"
                                + " boolean).");
            }
        }
        for (CuratedParam p : t.params()) {
            if (!used.contains(p.name())) {
                throw invalid(
                        t,
                        "its parameter `" + p.name() + "` is not used by its statement.",
                        "Use it as :" + p.name() + " in sql, or remove it from params.");
            }
        }
    }

    private static void requireAccess(CuratedTool t, StatementInfo info) {
        if (info.kind() == StatementInfo.Kind.REFUSED || info.neededMode() == null) {
            throw invalid(
                    t,
                    "the guard refuses its statement (" + info.command() + ") in every mode.",
                    "gabysql owns transactions and sessions; give the tool one plain statement.");
        }
        boolean reads = t.access() == CuratedTool.Access.READ;
        if (reads && !info.isRead()) {
            throw invalid(
                    t,
                    "it is declared access = \"read\", but the guard reads its statement (" + info.command() + ") as "
                            + (info.kind() == StatementInfo.Kind.READ_WITH_EFFECTS
                                    ? "a read with side effects"
                                    : "a write")
                            + ", which needs mode " + info.neededMode().label() + ".",
                    "Declare access = \"write\" (it then previews and waits for approval), or make it a pure read.");
        }
        if (!reads && info.isRead()) {
            throw invalid(
                    t,
                    "it is declared access = \"write\", but its statement (" + info.command() + ") only reads.",
                    "Declare access = \"read\".");
        }
        if (!info.allowedHere()) {
            throw invalid(
                    t,
                    "its statement (" + info.command() + ") needs mode "
                            + info.neededMode().label() + ", but database `"
                            + t.db() + "` is used " + info.effectiveMode().label()
                            + " here (the server's mode, capped by"
                            + " the database's max_mode).",
                    "Start gabysql with --mode " + info.neededMode().label() + " and a max_mode that allows it, or"
                            + " remove the tool.");
        }
        if (info.fullTable()) {
            throw invalid(
                    t,
                    "its statement (" + info.command() + ") changes every row of its table (no WHERE).",
                    "Add a WHERE clause: a curated write changes the rows its parameters select.");
        }
    }

    private static GabyException invalid(CuratedTool t, String what, String hint) {
        return new GabyException(ErrorCode.CONFIG_INVALID, "Curated tool " + t.label() + ": " + what, hint);
    }
}
