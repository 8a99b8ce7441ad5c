package dev.gabysql.server.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.json.Json;
import dev.gabysql.server.http.Responses;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A response whose error bodies (status 400 and above, written through {@link #getWriter()}) are caught in a
 * buffer and replaced by {@code {"jsonrpc": "2.0", "id": null, "error": {"code", "message"}}}: the JSON-RPC code
 * and the first line of the message, nothing else. Not thread-safe (one per request).
 */
final class CleanErrorResponse extends HttpServletResponseWrapper {
    private static final int MAX_MESSAGE = 300;
    private static final int INVALID_REQUEST = -32600;

    private int status = SC_OK;
    private ByteArrayOutputStream buffer;
    private PrintWriter writer;
    private boolean finished;

    CleanErrorResponse(HttpServletResponse response) {
        super(response);
    }

    @Override
    public void setStatus(int sc) {
        status = sc;
        super.setStatus(sc);
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        if (status < 400) {
            return super.getWriter();
        }
        if (writer == null) {
            buffer = new ByteArrayOutputStream();
            writer = new PrintWriter(new OutputStreamWriter(buffer, StandardCharsets.UTF_8)) {
                @Override
                public void flush() {
                    super.flush();
                    finish();
                }
            };
        }
        return writer;
    }

    /** Sends the cleaned error, once; nothing when no error body was written. */
    void finish() {
        if (buffer == null || finished) {
            return;
        }
        finished = true;
        writer.flush();
        byte[] body = clean(buffer.toByteArray(), status);
        try {
            super.setContentType(Responses.JSON);
            super.setContentLength(body.length);
            super.getOutputStream().write(body);
            super.flushBuffer();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The JSON-RPC error a body describes (the SDK's {@code jsonRpcError}), reduced to its code and message. */
    static byte[] clean(byte[] raw, int status) {
        int code = INVALID_REQUEST;
        String message = "HTTP " + status;
        try {
            JsonNode node = Json.MAPPER.readTree(raw);
            JsonNode error = node.has("jsonRpcError") ? node.get("jsonRpcError") : node.path("error");
            if (error.path("code").isInt()) {
                code = error.get("code").asInt();
            }
            String text = error.path("message").asText(node.path("message").asText(""));
            if (!text.isBlank()) {
                message = firstLine(text);
            }
        } catch (IOException | RuntimeException e) {
            // not JSON: keep the generic message
        }
        ObjectNode out = Json.MAPPER.createObjectNode().put("jsonrpc", "2.0").putNull("id");
        out.putObject("error").put("code", code).put("message", message);
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The first line, without the JSON parser's location details (they name parser classes and features). */
    static String firstLine(String text) {
        String line = Json.withoutLocation(text.strip().split("\\R", 2)[0]);
        return line.length() <= MAX_MESSAGE ? line : line.substring(0, MAX_MESSAGE) + "…";
    }
}
