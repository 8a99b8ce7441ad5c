package dev.gabysql.core.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.curated.CuratedParam;
import dev.gabysql.core.curated.CuratedTool;
import dev.gabysql.core.curated.ParamType;
import dev.gabysql.core.error.GabyException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Reads the {@code [[tools]]} array of {@code gabysql.toml}: curated tools and their {@code [[tools.params]]}
 * (docs/configuration.md#curated-tools). It checks the shape of each entry; whether its statement fits its database
 * and mode is checked once the catalog is open ({@link dev.gabysql.core.curated.CuratedTools#prepare}). Stateless.
 */
final class ToolsSection {
    private static final Set<String> TOOL = Set.of("name", "description", "database", "access", "sql", "params");
    private static final Set<String> PARAM =
            Set.of("name", "type", "description", "required", "enum", "minimum", "maximum", "max_length", "default");
    /** Lower case, digits and '_', a letter first: a name every MCP client, URL path and shell word takes as it is. */
    private static final Pattern TOOL_NAME = Pattern.compile("[a-z][a-z0-9_]{0,63}");

    private static final Pattern PARAM_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");
    /** The tool selection's presets and gabysql's own prefix: a curated name must not read as one of them. */
    private static final Set<String> RESERVED = Set.of("all", "minimal", "curated");
    /** A write tool's own arguments (the preview's token, the approval's id): no parameter may take them. */
    private static final Set<String> RESERVED_PARAMS = Set.of("confirm_token", "approval_id");

    private ToolsSection() {}

    static List<CuratedTool> read(JsonNode root) {
        JsonNode a = root.path("tools");
        if (a.isMissingNode()) {
            return List.of();
        }
        if (!a.isArray()) {
            throw invalid("`tools` must be an array of tables ([[tools]]).", "Write each curated tool as [[tools]].");
        }
        List<CuratedTool> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < a.size(); i++) {
            CuratedTool t = tool(a.get(i), "tools[" + i + "]");
            if (!names.add(t.name())) {
                throw invalid(
                        "`tools[" + i + "].name` = `" + t.name() + "` names another tool too.",
                        "Give each curated tool its own name.");
            }
            out.add(t);
        }
        return out;
    }

    private static CuratedTool tool(JsonNode t, String where) {
        String p = where + ".";
        onlyKeys(t, TOOL, p);
        String name = required(t, p, "name");
        if (!TOOL_NAME.matcher(name).matches() || name.startsWith("gabysql_") || RESERVED.contains(name)) {
            throw invalid(
                    "`" + p + "name` = `" + name + "` cannot name a curated tool.",
                    "Use 1 to 64 lower-case letters, digits and '_', a letter first, not starting with gabysql_ and"
                            + " not all, minimal or curated, e.g. name = \"orders_of_customer\".");
        }
        return new CuratedTool(
                name,
                required(t, p, "description"),
                required(t, p, "database"),
                access(t, p),
                required(t, p, "sql").strip(),
                params(t.path("params"), p + "params"),
                where);
    }

    private static CuratedTool.Access access(JsonNode t, String p) {
        String s = string(t, p, "access");
        if (s == null || s.equals("read")) {
            return CuratedTool.Access.READ;
        }
        if (s.equals("write")) {
            return CuratedTool.Access.WRITE;
        }
        throw invalid(
                "`" + p + "access` must be read or write, got `" + s + "`.",
                "Write access = \"read\" (the default) or access = \"write\" (previewed, then approved).");
    }

    private static List<CuratedParam> params(JsonNode a, String where) {
        if (a.isMissingNode()) {
            return List.of();
        }
        if (!a.isArray()) {
            throw invalid(
                    "`" + where + "` must be an array of tables ([[tools.params]]).",
                    "Write each as [[tools.params]].");
        }
        List<CuratedParam> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < a.size(); i++) {
            CuratedParam param = param(a.get(i), where + "[" + i + "].");
            if (!names.add(param.name())) {
                throw invalid(
                        "`" + where + "[" + i + "].name` = `" + param.name() + "` names another parameter too.",
                        "Give each parameter its own name.");
            }
            out.add(param);
        }
        return out;
    }

    private static CuratedParam param(JsonNode n, String p) {
        onlyKeys(n, PARAM, p);
        String name = required(n, p, "name");
        if (!PARAM_NAME.matcher(name).matches() || RESERVED_PARAMS.contains(name)) {
            throw invalid(
                    "`" + p + "name` = `" + name + "` cannot name a parameter.",
                    "Use letters, digits and '_', a letter or '_' first (not confirm_token or approval_id).");
        }
        String typeName = required(n, p, "type");
        ParamType type = ParamType.parse(typeName);
        if (type == null) {
            throw invalid(
                    "`" + p + "type` must be string, integer, number or boolean, got `" + typeName + "`.",
                    "Write type = \"integer\".");
        }
        JsonNode req = n.get("required");
        if (req != null && !req.isBoolean()) {
            throw invalid("`" + p + "required` must be true or false.", "Write required = false (no quotes).");
        }
        JsonNode dflt = n.get("default");
        if (dflt != null && req != null && req.asBoolean()) {
            throw invalid("`" + p + "default` is given for a required parameter.", "Remove default, or required.");
        }
        boolean required = dflt == null && (req == null || req.asBoolean());
        BigDecimal min = bound(n, p, "minimum", type);
        BigDecimal max = bound(n, p, "maximum", type);
        Integer maxLength = maxLength(n, p, type);
        CuratedParam unchecked = new CuratedParam(
                name, type, string(n, p, "description"), required, List.of(), min, max, maxLength, null);
        List<Object> allowed = allowed(n, p, unchecked);
        CuratedParam checked =
                new CuratedParam(name, type, unchecked.description(), required, allowed, min, max, maxLength, null);
        Object defaultValue = dflt == null ? null : valueOf(dflt, p + "default", checked);
        return new CuratedParam(
                name, type, checked.description(), required, allowed, min, max, maxLength, defaultValue);
    }

    private static BigDecimal bound(JsonNode n, String p, String key, ParamType type) {
        JsonNode v = n.get(key);
        if (v == null) {
            return null;
        }
        if (!type.numeric() || !v.isNumber()) {
            throw invalid(
                    "`" + p + key + "` must be a number, and only an integer or number parameter takes it.",
                    "Write " + key + " = 1 on a parameter of type integer or number.");
        }
        return v.decimalValue();
    }

    private static Integer maxLength(JsonNode n, String p, ParamType type) {
        JsonNode v = n.get("max_length");
        if (v == null) {
            return null;
        }
        if (type != ParamType.STRING || !v.isIntegralNumber() || !v.canConvertToInt() || v.asInt() < 1) {
            throw invalid(
                    "`" + p + "max_length` must be a positive whole number, on a string parameter.",
                    "Write max_length = 100 on a parameter of type string.");
        }
        return v.asInt();
    }

    private static List<Object> allowed(JsonNode n, String p, CuratedParam param) {
        JsonNode v = n.get("enum");
        if (v == null) {
            return List.of();
        }
        if (!v.isArray() || v.isEmpty()) {
            throw invalid("`" + p + "enum` must be a non-empty array.", "Write enum = [\"open\", \"shipped\"].");
        }
        List<Object> out = new ArrayList<>();
        for (JsonNode item : v) {
            out.add(valueOf(item, p + "enum", param));
        }
        return out;
    }

    /** A value written in the file for {@code param}, checked as a call's value would be. */
    private static Object valueOf(JsonNode v, String key, CuratedParam param) {
        Object raw = v.isTextual()
                ? v.asText()
                : v.isBoolean() ? (Object) v.asBoolean() : v.isNumber() ? v.numberValue() : null;
        try {
            return param.accept("", raw == null ? new Object() : raw);
        } catch (GabyException e) {
            throw invalid(
                    "`" + key + "` has a value that does not fit the parameter: " + v + ".",
                    "Write a " + param.type().schemaName() + " within its bounds.");
        }
    }

    private static void onlyKeys(JsonNode node, Set<String> allowed, String prefix) {
        if (!node.isObject()) {
            throw invalid("`" + prefix + "` must be a table.", "See docs/configuration.md#curated-tools.");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            String key = it.next().getKey();
            if (!allowed.contains(key)) {
                throw invalid(
                        "Unknown key `" + prefix + key + "`.",
                        "Known keys here: " + String.join(", ", new TreeSet<>(allowed)) + ".");
            }
        }
    }

    private static String required(JsonNode n, String p, String key) {
        String v = string(n, p, key);
        if (v == null || v.isBlank()) {
            throw invalid(
                    "`" + p + key + "` is required.", "Add " + key + " = \"…\" to " + p.replaceAll("\\.$", "") + ".");
        }
        return v;
    }

    private static String string(JsonNode n, String p, String key) {
        JsonNode v = n.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw invalid("`" + p + key + "` must be a string.", "Quote the value: " + key + " = \"…\".");
        }
        return v.asText();
    }

    private static GabyException invalid(String message, String hint) {
        return ConfigFile.invalid(message, hint);
    }
}
