package dev.gabysql.core.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.List;

/**
 * Jackson trees built without {@link Json#MAPPER}: the nodes come from the factory the mapper uses itself, and
 * the values results and schema models hold become the nodes {@code MAPPER.valueToTree} would give. Why
 * (docs/design.md#start-up): making the mapper costs a fresh JVM much CPU (Jackson's configuration, the JDK's calendar
 * data); the answers most sessions ask for — descriptions, the database list, errors — are trees written by
 * {@link JsonBytes#node}, so they need no mapper at all. Any other value still goes through it. Stateless.
 */
public final class JsonTrees {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonTrees() {}

    public static ObjectNode object() {
        return NODES.objectNode();
    }

    public static ArrayNode array() {
        return NODES.arrayNode();
    }

    /** Sets {@code key} to {@link #node(Object) the node of} {@code value}, unless it is null (left out). */
    public static void putIfNotNull(ObjectNode o, String key, Object value) {
        if (value != null) {
            o.set(key, node(value));
        }
    }

    /**
     * The node {@code Json.MAPPER.valueToTree(v)} gives: null, String, Boolean, Integer, Long, Short, Double,
     * BigDecimal (without trailing zeros, as the mapper's tree reader normalises it), lists of these and nodes
     * themselves are made here; anything else by the mapper.
     */
    public static JsonNode node(Object v) {
        if (v == null) {
            return NODES.nullNode();
        }
        if (v instanceof JsonNode) { // the mapper would copy it: the same JSON
            return (JsonNode) v;
        }
        if (v instanceof String) {
            return NODES.textNode((String) v);
        }
        if (v instanceof Boolean) {
            return NODES.booleanNode((Boolean) v);
        }
        if (v instanceof Integer || v instanceof Short) {
            return NODES.numberNode(((Number) v).intValue());
        }
        if (v instanceof Long) {
            return NODES.numberNode((Long) v);
        }
        if (v instanceof Double) {
            return NODES.numberNode((Double) v);
        }
        if (v instanceof BigDecimal) {
            return NODES.numberNode(withoutTrailingZeros((BigDecimal) v));
        }
        if (v instanceof List) {
            ArrayNode a = array();
            for (Object item : (List<?>) v) {
                a.add(node(item));
            }
            return a;
        }
        return Json.MAPPER.valueToTree(v);
    }

    private static BigDecimal withoutTrailingZeros(BigDecimal v) {
        try {
            return v.stripTrailingZeros();
        } catch (ArithmeticException e) { // a scale the stripped value cannot hold: as Jackson, keep it
            return v;
        }
    }
}
