package dev.gabysql.mcp.tool;

import io.modelcontextprotocol.spec.McpSchema;

/**
 * One MCP tool over the service: its definition (name, description for a model, schemas, annotations) and what
 * a call does. A call may throw {@link dev.gabysql.core.error.GabyException}; {@link ToolBoundary} turns every
 * failure into a clean tool result. Implementations are stateless and thread-safe.
 */
public interface GabyTool {

    McpSchema.Tool definition();

    ToolOutcome call(ToolCall call);

    /** Annotations of a tool that only reads: safe to retry, touches nothing outside the catalog. */
    static McpSchema.ToolAnnotations readOnly() {
        return McpSchema.ToolAnnotations.builder()
                .readOnlyHint(true)
                .destructiveHint(false)
                .idempotentHint(true)
                .openWorldHint(false)
                .build();
    }
}
