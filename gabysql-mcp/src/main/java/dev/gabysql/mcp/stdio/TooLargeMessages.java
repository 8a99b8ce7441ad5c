package dev.gabysql.mcp.stdio;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.mcp.tool.McpOptions;
import dev.gabysql.mcp.tool.ToolOutcome;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers a stdio message that was larger than {@link McpOptions#maxMessageBytes()} and dropped unread
 * ({@link StdioLines}): a JSON-RPC error to its request id, {@code -32600} (invalid request) with gabysql's
 * {@code {code: TOO_LARGE, message, hint}} as data, so that the client's call ends instead of waiting; a message
 * without a plain id (a notification, or an id that could not be read) is only reported on stderr. A message
 * dropped because it did not fit in the memory left is answered the same way, saying so. Thread-safe.
 */
public final class TooLargeMessages implements StdioLines.TooLong {
    private static final Logger LOG = LoggerFactory.getLogger(TooLargeMessages.class);

    private final ProtocolOutput out;
    private final int limit;

    TooLargeMessages(ProtocolOutput out, int limit) {
        this.out = out;
        this.limit = limit;
    }

    @Override
    public void dropped(long bytes, Object id) {
        LOG.warn(
                "A message of {} bytes (request id {}) is larger than the limit of {} bytes (--max-message):"
                        + " it was not read.",
                bytes,
                id == null ? "unknown" : id,
                limit);
        answer(
                id,
                new GabyException(
                        ErrorCode.TOO_LARGE,
                        "The message (" + bytes + " bytes) is larger than the" + " limit of " + limit
                                + " bytes; it was not read.",
                        "Send a shorter statement (load large data in"
                                + " several statements), or start gabysql mcp with a larger --max-message."));
    }

    @Override
    public void unaffordable(long bytes, Object id) {
        LOG.warn(
                "A message of {} bytes or more (request id {}) did not fit in the memory left to read it: it was not"
                        + " read.",
                bytes,
                id == null ? "unknown" : id);
        answer(
                id,
                new GabyException(
                        ErrorCode.TOO_LARGE,
                        "The message (" + bytes + " bytes or more) did not fit in"
                                + " the memory gabysql has left to read it; it was not read.",
                        "Send a shorter statement (load large"
                                + " data in several statements), or start gabysql mcp with a smaller --max-message or a larger heap"
                                + " (JAVA_OPTS=-Xmx…)."));
    }

    /** The error, to the request's id; a message without one is only logged. */
    private void answer(Object id, GabyException error) {
        if (id == null) {
            return;
        }
        try {
            out.writeLine(ToolOutcome.protocolError(id, McpSchema.ErrorCodes.INVALID_REQUEST, error));
        } catch (IOException e) {
            LOG.debug("The error for request {} was not sent: {}", id, e.toString());
        }
    }
}
