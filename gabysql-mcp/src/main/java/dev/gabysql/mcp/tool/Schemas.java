package dev.gabysql.mcp.tool;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Small builders for the JSON Schemas of tool inputs and outputs, as the plain maps the SDK sends. The tool list sits
 * in the model's context on every turn (issue 25), so a schema says what a client or a model needs and no more: a
 * description only where the name and the tool's own description leave something open, and an output schema only
 * where a client gains from it. Stateless.
 */
final class Schemas {
    private Schemas() {}

    /** {@code {"type": type}}: a value whose meaning its name says. */
    static Map<String, Object> typed(String type) {
        return typed(type, null);
    }

    static Map<String, Object> string() {
        return typed("string");
    }

    static Map<String, Object> string(String description) {
        return typed("string", description);
    }

    static Map<String, Object> integer(String description, int minimum) {
        Map<String, Object> m = typed("integer", description);
        m.put("minimum", minimum);
        return m;
    }

    static Map<String, Object> bool(String description) {
        return typed("boolean", description);
    }

    static Map<String, Object> choice(String... values) {
        Map<String, Object> m = string();
        m.put("enum", List.of(values));
        return m;
    }

    static Map<String, Object> array(Map<String, Object> items, String description) {
        Map<String, Object> m = typed("array", description);
        m.put("items", items);
        return m;
    }

    /** Values for the statement's {@code ?} placeholders: scalars, in order. */
    static Map<String, Object> params() {
        Map<String, Object> scalar = new LinkedHashMap<>();
        scalar.put("type", List.of("string", "number", "boolean", "null"));
        return array(scalar, null);
    }

    /**
     * The listed properties, {@code required} ones mandatory. Not closed with {@code additionalProperties: false}:
     * {@link Args} refuses an unknown argument anyway, with an error that names it.
     */
    static Map<String, Object> input(Map<String, Object> properties, String... required) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "object");
        m.put("properties", properties);
        if (required.length > 0) {
            m.put("required", List.of(required));
        }
        return m;
    }

    /**
     * A result object with these properties and none required: an open shape that the error result ({@code {"error":
     * {code, message, hint}}}) satisfies as well, since the TypeScript client validates {@code structuredContent}
     * against the output schema even when {@code isError} is true.
     */
    static Map<String, Object> output(Map<String, Object> properties) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "object");
        m.put("properties", properties);
        return m;
    }

    /** An ordered property map: name, schema, name, schema, … */
    static Map<String, Object> props(Object... nameSchemaPairs) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < nameSchemaPairs.length; i += 2) {
            m.put((String) nameSchemaPairs[i], nameSchemaPairs[i + 1]);
        }
        return m;
    }

    private static Map<String, Object> typed(String type, String description) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", type);
        if (description != null) {
            m.put("description", description);
        }
        return m;
    }
}
