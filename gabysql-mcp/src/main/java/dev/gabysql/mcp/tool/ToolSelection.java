package dev.gabysql.mcp.tool;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which tools a server lists ({@code --tools}, {@code tools = […]} in {@code gabysql.toml}, {@code GABYSQL_TOOLS}):
 * tool names and the presets {@value #MINIMAL} and {@value #ALL}, combined as their union. A name may leave out the
 * {@code gabysql_} prefix; {@code integrity_check} still names the tool that has its report now, {@code gabysql_health}.
 * A tool outside the selection is neither listed nor callable. {@code gabysql_execute} is
 * still listed only when writes are possible. Immutable.
 */
public final class ToolSelection {
    /** One read tool and one schema tool: the smallest list that still explores and queries a database. */
    public static final String MINIMAL = "minimal";
    /** Every tool (the default). */
    public static final String ALL = "all";
    /** The default: every tool. */
    public static final ToolSelection EVERY_TOOL = new ToolSelection(Set.copyOf(Tools.NAMES));

    private static final List<String> MINIMAL_TOOLS = List.of(DescribeDatabaseTool.NAME, QueryTool.NAME);
    private static final String PREFIX = "gabysql_";
    /** The integrity check's tool before it became {@code gabysql_health}'s report {@code integrity}. */
    private static final String FORMER_INTEGRITY_CHECK = "gabysql_integrity_check";

    private final Set<String> names;

    private ToolSelection(Set<String> names) {
        this.names = names;
    }

    /**
     * The selection these items name, or {@link #EVERY_TOOL} for null (nothing was configured). An unknown name or an
     * empty list is a {@code CONFIG_INVALID} error that lists the valid names.
     */
    public static ToolSelection parse(List<String> items) {
        if (items == null) {
            return EVERY_TOOL;
        }
        Set<String> chosen = new LinkedHashSet<>();
        for (String item : items) {
            String name = item == null ? "" : item.strip().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            if (name.equals(ALL)) {
                chosen.addAll(Tools.NAMES);
            } else if (name.equals(MINIMAL)) {
                chosen.addAll(MINIMAL_TOOLS);
            } else {
                chosen.add(toolName(name, item.strip()));
            }
        }
        if (chosen.isEmpty()) {
            throw invalid("The tool list names no tool.");
        }
        return new ToolSelection(Set.copyOf(chosen));
    }

    /** Whether the tool of this name is in the selection. */
    public boolean includes(String toolName) {
        return names.contains(toolName);
    }

    private static String toolName(String name, String given) {
        String full = name.startsWith(PREFIX) ? name : PREFIX + name;
        if (full.equals(FORMER_INTEGRITY_CHECK)) {
            return HealthTool.NAME; // its report: integrity (issue 26), so that a configured list still starts
        }
        if (!Tools.NAMES.contains(full)) {
            throw invalid("Unknown tool `" + given + "` in the tool list.");
        }
        return full;
    }

    private static GabyException invalid(String message) {
        List<String> valid = new ArrayList<>(Tools.NAMES);
        valid.add(MINIMAL);
        valid.add(ALL);
        return new GabyException(
                ErrorCode.CONFIG_INVALID,
                message + " Valid names: " + String.join(", ", valid) + ".",
                "Name tools (the gabysql_ prefix may be left out) or a preset, e.g. --tools minimal,"
                        + " tools = [\"query\", \"describe_table\"] in gabysql.toml, or GABYSQL_TOOLS=all.");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ToolSelection && ((ToolSelection) o).names.equals(names);
    }

    @Override
    public int hashCode() {
        return names.hashCode();
    }

    @Override
    public String toString() {
        List<String> listed = new ArrayList<>();
        for (String n : Tools.NAMES) {
            if (names.contains(n)) {
                listed.add(n);
            }
        }
        return "ToolSelection" + listed;
    }
}
