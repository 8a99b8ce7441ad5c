package dev.gabysql.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.json.JsonTrees;
import dev.gabysql.mcp.tool.McpWords;
import dev.gabysql.mcp.tool.ToolOutcome;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Failures of resource reads, prompts and completions, which MCP reports as JSON-RPC errors (tools use
 * {@code isError} results instead). The error carries gabysql's clean text and {@code {code, message, hint}} as
 * data — never the exception chain the SDK would otherwise aggregate into it. Stateless.
 */
public final class ProtocolErrors {
    private static final Logger LOG = LoggerFactory.getLogger(ProtocolErrors.class);

    private ProtocolErrors() {}

    static McpError of(Throwable t, String what) {
        GabyException e = t instanceof GabyException ? (GabyException) t : unexpected(t, what);
        ObjectNode data = JsonTrees.object();
        data.put("code", e.code().name());
        data.put("message", e.getMessage());
        data.put("hint", McpWords.INSTANCE.hintOf(e));
        return McpError.builder(jsonRpcCode(e.code()))
                .message(ToolOutcome.errorText(e))
                .data(data)
                .build();
    }

    static McpError invalidParams(String message, String hint) {
        return of(new GabyException(ErrorCode.BAD_REQUEST, message, hint), null);
    }

    private static int jsonRpcCode(ErrorCode code) {
        switch (code) {
            case UNKNOWN_DATABASE:
            case INVALID_DATABASE_NAME:
            case UNKNOWN_TABLE:
                return McpSchema.ErrorCodes.RESOURCE_NOT_FOUND;
            case BAD_REQUEST:
                return McpSchema.ErrorCodes.INVALID_PARAMS;
            default:
                return McpSchema.ErrorCodes.INTERNAL_ERROR;
        }
    }

    private static GabyException unexpected(Throwable t, String what) {
        LOG.warn("{} failed unexpectedly: {}", what, t.toString());
        LOG.debug("Stack trace", t);
        return new GabyException(
                ErrorCode.INTERNAL,
                "Unexpected failure in " + what + " (" + t.getClass().getSimpleName() + ").");
    }
}
