package dev.gabysql.mcp.tool;

import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * The person in front of an MCP client, asked through the client's own form (form elicitation): how
 * {@code gabysql_execute} asks for approval in the call itself (docs/design.md#approval). What the person answers
 * goes back to the server only; the model reads the tool's result, never the form.
 */
interface PersonInClient {

    /** The person's answer; throws when the client fails, refuses or does not answer in time. */
    McpSchema.ElicitResult ask(McpSchema.ElicitFormRequest form);

    /**
     * The person behind this SDK exchange, or null when its client did not declare form elicitation in
     * {@code initialize} (the SDK's test: an {@code elicitation} capability with {@code form}, or with neither
     * {@code form} nor {@code url}).
     */
    static PersonInClient of(McpSyncServerExchange exchange) {
        McpSchema.ClientCapabilities caps = exchange == null ? null : exchange.getClientCapabilities();
        McpSchema.ClientCapabilities.Elicitation e = caps == null ? null : caps.elicitation();
        if (e == null || e.form() == null && e.url() != null) {
            return null;
        }
        return exchange::createElicitation;
    }
}
