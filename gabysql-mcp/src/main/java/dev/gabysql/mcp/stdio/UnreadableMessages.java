package dev.gabysql.mcp.stdio;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.internal.Texts;
import dev.gabysql.core.json.Json;
import dev.gabysql.mcp.tool.ToolOutcome;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps from the SDK's stdio session the lines it cannot read, and answers them. The SDK's transport (2.1.0) ends
 * its session at the first line that does not deserialize as a JSON-RPC message — bad JSON, a batch, an object with
 * neither a method nor a result or error — after which nothing but the direct tool calls is answered: every
 * {@code ping}, resource, prompt or call with a progress token waits forever. The test is the SDK's own
 * deserializer, run on the SDK's reading thread just before the line is handed to it ({@link LineFeed}); a line that
 * fails is answered here with {@code -32700} (not JSON) or {@code -32600} (JSON, but not a message), under its
 * request id when one can be read (null otherwise, as JSON-RPC asks), and is not passed on. Thread-safe.
 */
public final class UnreadableMessages implements Predicate<byte[]> {
    private static final Logger LOG = LoggerFactory.getLogger(UnreadableMessages.class);
    private static final int MAX_DETAIL_CHARS = 200;
    private static final Object NOT_JSON = new Object();
    private static final String HINT_TEXT = "Send one JSON-RPC 2.0 message per line, e.g."
            + " {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}; batches are not part of MCP.";

    private final ProtocolOutput out;
    private final McpJsonMapper mapper;
    private final Consumer<Object> answered;

    /** {@code answered} hears of the request id of each line answered here (null when none could be read). */
    UnreadableMessages(ProtocolOutput out, McpJsonMapper mapper, Consumer<Object> answered) {
        this.out = out;
        this.mapper = mapper;
        this.answered = answered;
    }

    /** True when the SDK can read {@code line} (its line end included); otherwise answers it and says false. */
    @Override
    public boolean test(byte[] line) {
        String text = new String(line, StandardCharsets.UTF_8);
        try {
            McpSchema.deserializeJsonRpcMessage(mapper, text);
            return true;
        } catch (Exception e) { // what the SDK's transport catches before it ends the session
            answer(line, text, e);
            return false;
        }
    }

    private void answer(byte[] line, String text, Exception e) {
        Object parsed = parsed(text);
        boolean json = parsed != NOT_JSON;
        GabyException error = new GabyException(
                ErrorCode.BAD_REQUEST,
                json
                        ? "The message is not a JSON-RPC request, notification or response: it needs a method, or an id"
                                + " with a result or an error of the right shape."
                        : "The message is not valid JSON: " + Texts.cut(why(e), MAX_DETAIL_CHARS, "…") + ".",
                HINT_TEXT);
        Object id = !json || isRequest(parsed) ? idOf(line) : null;
        LOG.warn("An unreadable message (request id {}) was answered with an error: {}", id, error.getMessage());
        try {
            out.writeLine(ToolOutcome.protocolError(
                    id, json ? McpSchema.ErrorCodes.INVALID_REQUEST : McpSchema.ErrorCodes.PARSE_ERROR, error));
        } catch (IOException io) {
            LOG.debug("The error for an unreadable message was not sent: {}", io.toString());
        }
        answered.accept(id);
    }

    /** The line as JSON, or {@link #NOT_JSON}. */
    private Object parsed(String text) {
        try {
            return mapper.readValue(text, Object.class);
        } catch (Exception notJson) {
            return NOT_JSON;
        }
    }

    /**
     * Only a request's id is answered: an object without a method may be a response of the client's, whose id is
     * one of the server's requests, not a request of the client's that waits.
     */
    private static boolean isRequest(Object parsed) {
        return parsed instanceof Map && ((Map<?, ?>) parsed).containsKey("method");
    }

    /** The top-level id of a line, also of one that is not (all) JSON: a truncated request still names its id. */
    private static Object idOf(byte[] line) {
        JsonRpcIdScanner scanner = new JsonRpcIdScanner();
        scanner.feed(line, 0, line.length);
        return scanner.id();
    }

    /** Jackson's reason, without its source description, and where in the line it stopped. */
    private static String why(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof JsonProcessingException) {
                JsonProcessingException j = (JsonProcessingException) t;
                String original = j.getOriginalMessage();
                String reason = original == null ? "unreadable" : Json.withoutLocation(original);
                JsonLocation at = j.getLocation();
                return at == null || at.getColumnNr() < 1 ? reason : reason + " (column " + at.getColumnNr() + ")";
            }
        }
        return e.getClass().getSimpleName();
    }
}
