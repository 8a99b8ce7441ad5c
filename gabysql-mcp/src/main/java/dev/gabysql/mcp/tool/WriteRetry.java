package dev.gabysql.mcp.tool;

/**
 * How a write's {@code next_step} tells the model to call again: {@code gabysql_execute} with its db, sql and params,
 * or a curated write tool with its arguments (docs/configuration.md#curated-tools). Immutable.
 *
 * @param again how to send the same write again (with a confirm token)
 * @param later how to ask what became of a write that waits for a person
 */
record WriteRetry(String again, String later) {
    static final WriteRetry EXECUTE = new WriteRetry(
            "call gabysql_execute again with the same db, sql and params",
            "call gabysql_execute with db and approval_id");

    static WriteRetry curated(String tool) {
        return new WriteRetry(
                "call " + tool + " again with the same arguments",
                "call " + tool + " with the same arguments and approval_id");
    }
}
