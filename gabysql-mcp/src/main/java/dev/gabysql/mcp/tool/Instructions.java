package dev.gabysql.mcp.tool;

/**
 * The server's {@code instructions}: what a client gives the model with the tool list and no single tool says — where
 * to start, the order of the tools, how errors read. A rule of one tool is said in that tool's description, once
 * (issue 25). Stateless.
 */
public final class Instructions {
    private Instructions() {}

    public static String text(boolean writes) {
        return "gabysql gives safe SQL access to named databases. Start with " + ListDatabasesTool.NAME + "."
                + " Look before you query: " + DescribeDatabaseTool.NAME + ", " + DescribeTableTool.NAME + ", "
                + SearchTool.NAME + ". Errors read `error [CODE]: message` with a hint saying what to do instead."
                + (writes ? " Writes go through " + ExecuteTool.NAME + " only." : " Access is read-only.");
    }
}
