package dev.gabysql.mcp.tool;

import java.util.ArrayList;
import java.util.List;

/**
 * The server's {@code instructions}: what a client gives the model with the tool list and no single tool says — where
 * to start, the order of the tools, how errors read. A rule of one tool is said in that tool's description, once
 * (issue 25); these sentences name only the tools the server lists. Stateless.
 */
public final class Instructions {
    private Instructions() {}

    /** The instructions of a server with every tool. */
    public static String text(boolean writes) {
        return text(writes, ToolSelection.EVERY_TOOL);
    }

    /** The instructions of a server that lists the tools of {@code selection} ({@link Tools#of}). */
    public static String text(boolean writes, ToolSelection selection) {
        StringBuilder sb = new StringBuilder("gabysql gives safe SQL access to named databases.");
        if (selection.includes(ListDatabasesTool.NAME)) {
            sb.append(" Start with ").append(ListDatabasesTool.NAME).append('.');
        } else if (selection.listsGabysqlTools()) { // a curated tool names its database itself
            sb.append(" db is a database's name, never a path or URL; an unknown name's error lists them.");
        }
        List<String> look = new ArrayList<>();
        for (String name : List.of(DescribeDatabaseTool.NAME, DescribeTableTool.NAME, SearchTool.NAME)) {
            if (selection.includes(name)) {
                look.add(name);
            }
        }
        if (!look.isEmpty()) {
            sb.append(" Look before you query: ")
                    .append(String.join(", ", look))
                    .append('.');
        }
        if (selection.includes(DescribeDatabaseTool.NAME) || selection.includes(HealthTool.NAME)) {
            sb.append(" A next_cursor goes back as cursor."); // said once for every paged tool
        }
        if (selection.includes(HealthTool.NAME) && selection.includes(ExplainTool.NAME)) {
            sb.append(" Slow or unhealthy? ")
                    .append(HealthTool.NAME)
                    .append(", then ")
                    .append(ExplainTool.NAME)
                    .append(" with advise.");
        }
        sb.append(" Errors read `error [CODE]: message` with a hint saying what to do instead.");
        sb.append(
                Tools.listsExecute(writes, selection)
                        ? " Writes go through " + ExecuteTool.NAME + " only."
                        : curatedWrites(selection)
                                ? " Writes go through the curated tools only."
                                : " Access is read-only.");
        return sb.toString();
    }

    private static boolean curatedWrites(ToolSelection selection) {
        for (dev.gabysql.core.curated.PreparedTool t : selection.curated()) {
            if (t.writes()) {
                return true;
            }
        }
        return false;
    }
}
