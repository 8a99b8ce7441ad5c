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

    /**
     * Annotations of a tool that only reads. The destructive and idempotent hints are left out (the specification
     * gives them meaning only when {@code readOnlyHint} is false), and so is the open-world hint: it costs characters
     * in every turn's tool list and changes no client's decision about a read (issue 25).
     */
    static McpSchema.ToolAnnotations readOnly() {
        return McpSchema.ToolAnnotations.builder().readOnlyHint(true).build();
    }
}
