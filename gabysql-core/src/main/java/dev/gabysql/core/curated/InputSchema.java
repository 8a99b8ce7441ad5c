package dev.gabysql.core.curated;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON Schema of a curated tool's arguments, as the MCP tool list and {@code GET /tools} show it
 * (docs/configuration.md#curated-tools): each parameter with its type, description, allowed values, bounds and
 * default; the required ones; {@code additionalProperties: false}. A write tool also takes the write path's own
 * {@value #CONFIRM_TOKEN} and {@value #APPROVAL_ID}. Stateless.
 */
public final class InputSchema {
    /** A write tool's argument: the preview's token, where the database's approval is agent. */
    public static final String CONFIRM_TOKEN = "confirm_token";
    /** A write tool's argument: asks what became of a write that waits for a person. */
    public static final String APPROVAL_ID = "approval_id";

    private InputSchema() {}

    /** The exact schema: every parameter, the required ones, and {@code additionalProperties: false}. */
    public static Map<String, Object> of(PreparedTool tool) {
        Map<String, Object> props = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (CuratedParam p : tool.tool().params()) {
            props.put(p.name(), property(p));
            if (p.required()) {
                required.add(p.name());
            }
        }
        if (tool.writes()) {
            props.put(CONFIRM_TOKEN, Map.of("type", "string"));
            props.put(APPROVAL_ID, Map.of("type", "string"));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "object");
        m.put("properties", props);
        if (!required.isEmpty()) {
            m.put("required", required);
        }
        m.put("additionalProperties", false);
        return m;
    }

    private static Map<String, Object> property(CuratedParam p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", p.type().schemaName());
        if (p.description() != null) {
            m.put("description", p.description());
        }
        if (!p.allowed().isEmpty()) {
            List<Object> allowed = new ArrayList<>();
            p.allowed().forEach(v -> allowed.add(jsonValue(v)));
            m.put("enum", allowed);
        }
        if (p.minimum() != null) {
            m.put("minimum", jsonValue(p.minimum()));
        }
        if (p.maximum() != null) {
            m.put("maximum", jsonValue(p.maximum()));
        }
        if (p.maxLength() != null) {
            m.put("maxLength", p.maxLength());
        }
        if (p.defaultValue() != null) {
            m.put("default", jsonValue(p.defaultValue()));
        }
        return m;
    }

    /** A number as JSON writes it plainly (a whole one as a Long, else a Double); anything else as it is. */
    private static Object jsonValue(Object v) {
        if (!(v instanceof BigDecimal)) {
            return v;
        }
        BigDecimal d = (BigDecimal) v;
        try {
            return d.stripTrailingZeros().scale() <= 0 ? (Object) d.longValueExact() : (Object) d.doubleValue();
        } catch (ArithmeticException beyondLong) {
            return d.doubleValue();
        }
    }
}
