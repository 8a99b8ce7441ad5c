package dev.gabysql.mcp.tool;

import dev.gabysql.core.curated.CuratedTools;
import dev.gabysql.core.curated.PreparedTool;
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
    /** Every curated tool (docs/configuration.md#curated-tools). */
    public static final String CURATED = "curated";
    /** The default: every tool. */
    public static final ToolSelection EVERY_TOOL = new ToolSelection(Set.copyOf(Tools.NAMES), List.of());

    private static final List<String> MINIMAL_TOOLS = List.of(DescribeDatabaseTool.NAME, QueryTool.NAME);
    private static final String PREFIX = "gabysql_";
    /** The integrity check's tool before it became {@code gabysql_health}'s report {@code integrity}. */
    private static final String FORMER_INTEGRITY_CHECK = "gabysql_integrity_check";

    private final Set<String> names;
    /** The curated tools selected, in the order the configuration declares them. */
    private final List<PreparedTool> curated;

    private ToolSelection(Set<String> names, List<PreparedTool> curated) {
        this.names = names;
        this.curated = List.copyOf(curated);
    }

    /**
     * The selection these items name, or {@link #EVERY_TOOL} for null (nothing was configured). An unknown name or an
     * empty list is a {@code CONFIG_INVALID} error that lists the valid names.
     */
    public static ToolSelection parse(List<String> items) {
        return parse(items, CuratedTools.NONE);
    }

    /**
     * The selection these items name among gabysql's tools and the operator's {@code curated} ones: a curated tool by
     * its name, all of them by {@value #CURATED}; {@value #ALL} and null (nothing configured) take every tool,
     * curated ones included. A curated tool whose name a tool list would read as one of gabysql's is CONFIG_INVALID.
     */
    public static ToolSelection parse(List<String> items, CuratedTools curated) {
        requireDistinct(curated);
        if (items == null) {
            return new ToolSelection(Set.copyOf(Tools.NAMES), curated.all());
        }
        Set<String> chosen = new LinkedHashSet<>();
        Set<String> chosenCurated = new LinkedHashSet<>();
        for (String item : items) {
            String name = item == null ? "" : item.strip().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            if (name.equals(ALL)) {
                chosen.addAll(Tools.NAMES);
                curated.all().forEach(t -> chosenCurated.add(t.name()));
            } else if (name.equals(MINIMAL)) {
                chosen.addAll(MINIMAL_TOOLS);
            } else if (name.equals(CURATED)) {
                if (curated.isEmpty()) {
                    throw invalid(
                            "The tool list names `curated`, but no curated tools ([[tools]]) are configured.", curated);
                }
                curated.all().forEach(t -> chosenCurated.add(t.name()));
            } else if (curated.get(name) != null) {
                chosenCurated.add(name);
            } else {
                chosen.add(toolName(name, item.strip(), curated));
            }
        }
        if (chosen.isEmpty() && chosenCurated.isEmpty()) {
            throw invalid("The tool list names no tool.", curated);
        }
        List<PreparedTool> picked = new ArrayList<>();
        for (PreparedTool t : curated.all()) {
            if (chosenCurated.contains(t.name())) {
                picked.add(t);
            }
        }
        return new ToolSelection(Set.copyOf(chosen), picked);
    }

    /** Whether any of gabysql's own tools is selected (not only curated ones). */
    public boolean listsGabysqlTools() {
        return !names.isEmpty();
    }

    /** The curated tools selected, in the configuration's order. */
    public List<PreparedTool> curated() {
        return curated;
    }

    /** A curated name that a tool list would read as one of gabysql's ({@code query} for gabysql_query). */
    private static void requireDistinct(CuratedTools curated) {
        for (PreparedTool t : curated.all()) {
            if (Tools.NAMES.contains(PREFIX + t.name()) || (PREFIX + t.name()).equals(FORMER_INTEGRITY_CHECK)) {
                throw new GabyException(
                        ErrorCode.CONFIG_INVALID,
                        "Curated tool `" + t.tool().where() + "` (`" + t.name() + "`): a tool list would read its name"
                                + " as gabysql_" + t.name() + ".",
                        "Rename it, e.g. name = \"my_" + t.name() + "\".");
            }
        }
    }

    /** Whether the tool of this name is in the selection. */
    public boolean includes(String toolName) {
        return names.contains(toolName);
    }

    private static String toolName(String name, String given, CuratedTools curated) {
        String full = name.startsWith(PREFIX) ? name : PREFIX + name;
        if (full.equals(FORMER_INTEGRITY_CHECK)) {
            return HealthTool.NAME; // its report: integrity (issue 26), so that a configured list still starts
        }
        if (!Tools.NAMES.contains(full)) {
            throw invalid("Unknown tool `" + given + "` in the tool list.", curated);
        }
        return full;
    }

    private static GabyException invalid(String message, CuratedTools curated) {
        List<String> valid = new ArrayList<>(Tools.NAMES);
        curated.all().forEach(t -> valid.add(t.name()));
        valid.add(MINIMAL);
        valid.add(ALL);
        if (!curated.isEmpty()) {
            valid.add(CURATED);
        }
        return new GabyException(
                ErrorCode.CONFIG_INVALID,
                message + " Valid names: " + String.join(", ", valid) + ".",
                "Name tools (the gabysql_ prefix may be left out) or a preset, e.g. --tools minimal,"
                        + " tools = [\"query\", \"describe_table\"] in gabysql.toml, or GABYSQL_TOOLS=all.");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ToolSelection
                && ((ToolSelection) o).names.equals(names)
                && ((ToolSelection) o).curated.equals(curated);
    }

    @Override
    public int hashCode() {
        return names.hashCode() * 31 + curated.hashCode();
    }

    @Override
    public String toString() {
        List<String> listed = new ArrayList<>();
        for (String n : Tools.NAMES) {
            if (names.contains(n)) {
                listed.add(n);
            }
        }
        curated.forEach(t -> listed.add(t.name()));
        return "ToolSelection" + listed;
    }
}
