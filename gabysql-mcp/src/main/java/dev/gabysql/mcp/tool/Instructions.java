package dev.gabysql.mcp.tool;

/** The server's {@code instructions}: short guidance a client gives the model with the tool list. Stateless. */
public final class Instructions {
    private Instructions() {}

    public static String text(boolean writes) {
        String base = "gabysql gives safe SQL access to named databases. Start with gabysql_list_databases; always"
                + " address a database by that name, never by path or URL. Look before you query:"
                + " gabysql_describe_database (detail \"names\" first on big schemas, then \"summary\"),"
                + " gabysql_describe_table, gabysql_search. gabysql_query runs exactly one read statement per call;"
                + " results are capped and say truncated: true when cut, so use WHERE, LIMIT and aggregates, and ?"
                + " placeholders with params for values. Errors read `error [CODE]: message` with a hint saying"
                + " what to do instead.";
        if (!writes) {
            return base + " Access is read-only.";
        }
        return base + " Writes go through gabysql_execute, which previews first (nothing is committed). Where a"
                + " person approves (approval human in gabysql_list_databases) the user is asked in this client when"
                + " it can ask, or approves outside it; you get an approval_id and cannot commit yourself. Where"
                + " approval is agent, show the preview to the user and call again with the confirm_token only"
                + " after they approve.";
    }
}
