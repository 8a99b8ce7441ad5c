package dev.gabysql.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.error.ErrorCode;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Calls tools and checks the answer the way a strict client would: every answer carries structuredContent, an
 * object; where a tool declares an outputSchema, the SDK's real JSON-schema validator checks it (success and error)
 * against that schema; and error texts are checked for leaks (stack traces, exception names).
 */
final class ToolAssert {
    /** A password used in test URLs: it must never appear in an answer. */
    static final String SECRET = "s3cret-pw";

    private static final JsonSchemaValidator VALIDATOR = new DefaultJsonSchemaValidator();

    private final McpTestClient client;
    private final Map<String, Map<String, Object>> outputSchemas = new HashMap<>();

    ToolAssert(McpTestClient client) {
        this.client = client;
        for (JsonNode t : tools()) {
            if (!t.has("outputSchema")) {
                continue;
            }
            outputSchemas.put(
                    t.get("name").asText(),
                    McpTestClient.JSON.convertValue(
                            t.get("outputSchema"), new TypeReference<Map<String, Object>>() {}));
        }
    }

    List<JsonNode> tools() {
        JsonNode r = McpTestClient.result(client.request("tools/list", Map.of()));
        return McpTestClient.JSON.convertValue(r.get("tools"), new TypeReference<List<JsonNode>>() {});
    }

    /** A successful call: not an error, text present, structuredContent valid against any outputSchema. */
    JsonNode ok(String tool, Map<String, ?> args) {
        JsonNode r = client.call(tool, args);
        assertThat(r.path("isError").asBoolean())
                .as("%s failed: %s", tool, text(r))
                .isFalse();
        assertThat(text(r)).isNotBlank();
        validate(tool, r);
        return r.get("structuredContent");
    }

    /** A failed call: isError, a clean `error [CODE]: …` text and the same code in structuredContent. */
    JsonNode error(String tool, Map<String, ?> args, ErrorCode... expected) {
        JsonNode r = client.call(tool, args);
        assertThat(r.path("isError").asBoolean())
                .as("%s should fail: %s", tool, text(r))
                .isTrue();
        String code = r.at("/structuredContent/error/code").asText();
        assertThat(code).isIn(Arrays.stream(expected).map(Enum::name).toArray());
        assertClean(text(r));
        assertThat(text(r)).startsWith("error [" + code + "]: ");
        assertThat(r.at("/structuredContent/error/message").asText()).isNotBlank();
        validate(tool, r);
        return r.at("/structuredContent/error");
    }

    static String text(JsonNode result) {
        return result.at("/content/0/text").asText();
    }

    static void assertClean(String text) {
        assertThat(text)
                .doesNotContain(SECRET)
                .doesNotContain("Exception")
                .doesNotContain("\tat ")
                .doesNotContain(".java:")
                .doesNotContain("Caused by");
    }

    private void validate(String tool, JsonNode result) {
        JsonNode structured = result.get("structuredContent");
        assertThat(structured).as("structuredContent of %s", tool).isNotNull();
        assertThat(structured.isObject()).isTrue();
        Map<String, Object> schema = outputSchemas.get(tool);
        if (schema == null) {
            return;
        }
        JsonSchemaValidator.ValidationResponse v = VALIDATOR.validate(schema, structured);
        assertThat(v.valid())
                .as("%s output against its schema: %s", tool, v.errorMessage())
                .isTrue();
    }

    static ErrorCode[] codes(ErrorCode... c) {
        return c;
    }
}
