package dev.gabysql.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/** What may appear on a stdio server's stdout: one JSON-RPC 2.0 message per line, nothing else. */
public final class McpFrames {
    private McpFrames() {}

    public static boolean isJsonRpc(String line) {
        try {
            JsonNode msg = McpTestClient.JSON.readTree(line);
            return msg != null
                    && msg.isObject()
                    && "2.0".equals(msg.path("jsonrpc").asText())
                    && (msg.has("method") || msg.has("result") || msg.has("error"));
        } catch (IOException e) {
            return false;
        }
    }
}
