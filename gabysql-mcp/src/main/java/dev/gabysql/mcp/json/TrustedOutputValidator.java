package dev.gabysql.mcp.json;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.util.Map;

/**
 * Replaces the SDK's per-call JSON-schema validation. Arguments are checked by {@code Args} (with gabysql's own
 * error codes and hints), and structured results are built by our code against our own schemas — the tests check
 * every tool's output against its schema with the SDK's real validator. Validating each 500-row result again at run
 * time would cost latency, and loading the validator costs start-up time (docs/design.md#start-up). Stateless.
 */
public final class TrustedOutputValidator implements JsonSchemaValidator {
    public static final TrustedOutputValidator INSTANCE = new TrustedOutputValidator();

    private TrustedOutputValidator() {}

    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
        return ValidationResponse.asValid(null);
    }

    @Override
    public ValidationResponse validateSchema(Map<String, Object> schema) {
        return ValidationResponse.asValid(null);
    }

    @Override
    public void assertConforms(String what, Map<String, Object> schema) {
        // our schemas are literals checked by the tests
    }
}
