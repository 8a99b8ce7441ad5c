package dev.gabysql.mcp.tool;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Small builders for the JSON Schemas of tool inputs and outputs, as the plain maps the SDK sends. Every output
 * schema admits the error shape too ({@code {"error": {code, message, hint}}}): the TypeScript client validates
 * {@code structuredContent} against the output schema even when {@code isError} is true. Stateless.
 */
final class Schemas {
    private Schemas() {}

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

    static Map<String, Object> choice(String description, String... values) {
        Map<String, Object> m = string(description);
        m.put("enum", List.of(values));
        return m;
    }

    static Map<String, Object> array(Map<String, Object> items, String description) {
        Map<String, Object> m = typed("array", description);
        m.put("items", items);
        return m;
    }

    /** A single SQL parameter value. */
    static Map<String, Object> scalar() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", List.of("string", "number", "boolean", "null"));
        return m;
    }

    static Map<String, Object> anyArray(String description) {
        return typed("array", description);
    }

    static Map<String, Object> anyObject(String description) {
        return typed("object", description);
    }

    /** A closed object: the listed properties, {@code required} ones mandatory, nothing else. */
    static Map<String, Object> input(Map<String, Object> properties, String... required) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "object");
        m.put("properties", properties);
        if (required.length > 0) {
            m.put("required", List.of(required));
        }
        m.put("additionalProperties", false);
        return m;
    }

    /**
     * A result object: either the success shape with its required properties, or the error shape. Without
     * required properties the shape stays open (bundles whose content the introspection layer owns).
     */
    static Map<String, Object> output(Map<String, Object> properties, String... required) {
        Map<String, Object> props = new LinkedHashMap<>(properties);
        props.put("error", error());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "object");
        m.put("properties", props);
        if (required.length == 0) {
            return m;
        }
        List<Object> alternatives = new ArrayList<>();
        alternatives.add(Map.of("required", List.of(required)));
        alternatives.add(Map.of("required", List.of("error")));
        m.put("anyOf", alternatives);
        return m;
    }

    /** {@code {code, message, hint}}, present when isError is true; kept terse, it repeats in every tool. */
    static Map<String, Object> error() {
        Map<String, Object> props = new LinkedHashMap<>();
        props.put("code", string(null));
        props.put("message", string(null));
        props.put("hint", string(null));
        Map<String, Object> m = typed("object", null);
        m.put("properties", props);
        m.put("required", List.of("code", "message"));
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
