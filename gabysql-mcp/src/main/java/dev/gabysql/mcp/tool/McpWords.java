package dev.gabysql.mcp.tool;

import dev.gabysql.core.error.Action;
import dev.gabysql.core.error.ActionWords;

/** The core's actions in an MCP client's terms: the tools and arguments a model can call. Stateless. */
public final class McpWords implements ActionWords {
    public static final McpWords INSTANCE = new McpWords();

    private McpWords() {}

    @Override
    public String wordsFor(Action action) {
        switch (action) {
            case READ:
                return "Use gabysql_query for reads.";
            case WRITE:
                return "This tool may only read. Use gabysql_execute on a database whose mode allows writes.";
            case LIST_DATABASES:
                return "Use a database name from gabysql_list_databases or SHOW DATABASES, never a path or URL.";
            case LIST_TABLES:
                return "List tables with gabysql_describe_database(detail=names) or find them with gabysql_search.";
            case PREVIEW_AGAIN:
                return "Call gabysql_execute without confirm_token for a fresh preview and token, and review it.";
            case ALLOW_FULL_TABLE:
                return "Add a WHERE clause, or pass allow_full_table: true if every row is really meant.";
            case ONE_STATEMENT_PER_CALL:
                return "Send exactly one statement per call; split the script into separate calls.";
            default:
                return null;
        }
    }
}
