package dev.gabysql.core.dialect.mariadb;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.gabysql.core.api.IndexAdvice;
import dev.gabysql.core.dialect.internal.CatalogRow;
import dev.gabysql.core.dialect.internal.IndexCandidates;
import dev.gabysql.core.dialect.internal.TableAliases;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.CatalogQueries;
import dev.gabysql.core.json.Json;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Index advice on MariaDB (docs/dba.md#index-advice): a guess, labelled so, since MariaDB cannot plan with an index
 * that does not exist. The read is planned ({@code EXPLAIN FORMAT=JSON}, never run); each table it reads in full
 * ({@code access_type} ALL, or a full index scan) gets the columns its attached condition and the joins' {@code ref}s
 * compare. The plan names a table by its alias, so the statement's FROM and JOIN clauses give the table behind it.
 * Stateless.
 */
final class MariaDbIndexAdvisor {
    private static final Set<String> FULL_SCANS = Set.of("ALL", "index");

    private MariaDbIndexAdvisor() {}

    static IndexAdvice advise(CatalogQueries q, String sql) {
        CatalogRow r = CatalogRow.first(q.rows("EXPLAIN FORMAT=JSON " + sql));
        JsonNode plan;
        try {
            plan = Json.MAPPER.readTree(r == null ? "{}" : String.valueOf(r.value("EXPLAIN")));
        } catch (JsonProcessingException e) {
            throw new GabyException(ErrorCode.INTERNAL, "MariaDB's JSON plan could not be read: " + e.getMessage());
        }
        List<JsonNode> tables = new ArrayList<>();
        List<String> refs = new ArrayList<>();
        walk(plan, tables, refs);
        String database = CatalogRow.first(q.rows("SELECT DATABASE() AS db")).text("db");
        Map<String, String> byAlias = aliases(sql, database);
        List<String> scans = new ArrayList<>();
        List<IndexAdvice.Candidate> out = new ArrayList<>();
        for (JsonNode t : tables) {
            if (!FULL_SCANS.contains(t.path("access_type").asText())) {
                continue;
            }
            String alias = t.path("table_name").asText();
            String table = byAlias.get(alias.toLowerCase(Locale.ROOT));
            String condition = t.path("attached_condition").asText(null);
            scans.add("full scan of " + (table == null ? alias : table) + " ("
                    + t.path("access_type").asText()
                    + ", about " + t.path("rows").asLong() + " rows" + (condition == null ? "" : ", " + condition)
                    + ")");
            Pattern ref = Pattern.compile("(?<![\\w`.])`?" + Pattern.quote(alias) + "`?\\.(`(?:[^`]|``)+`|[\\w$]+)");
            IndexCandidates c = new IndexCandidates();
            c.read(condition, ref, IndexCandidates.Use.EQUALITY);
            for (String j : refs) {
                Matcher m = Pattern.compile("(?:^|\\.)" + Pattern.quote(alias) + "\\.(.+)$")
                        .matcher(j);
                if (m.find()) {
                    c.read(alias + "." + m.group(1) + " = ?", ref, IndexCandidates.Use.JOIN);
                }
            }
            if (table != null && !c.isEmpty()) {
                List<String> columns = new ArrayList<>();
                for (String col : c.candidates().get(0)) {
                    columns.add(quote(unquote(col)));
                }
                out.add(new IndexAdvice.Candidate(table, columns, create(table, columns), null, null, null));
            }
        }
        List<String> notes = new ArrayList<>();
        if (scans.isEmpty()) {
            notes.add("the plan reads no table in full: no index to propose");
        } else {
            notes.add("a guess from the plan: MariaDB cannot plan with an index that does not exist; EXPLAIN the read"
                    + " again once the index is built to see whether it is used");
        }
        return new IndexAdvice(null, "guess from EXPLAIN", false, null, scans, out, notes);
    }

    /** Every table access of the plan, and every {@code ref} (a join's {@code db.alias.column}). */
    private static void walk(JsonNode node, List<JsonNode> tables, List<String> refs) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getKey().equals("table") && e.getValue().has("table_name")) {
                    tables.add(e.getValue());
                }
                if (e.getKey().equals("ref")) {
                    e.getValue().forEach(v -> refs.add(v.asText()));
                }
                walk(e.getValue(), tables, refs);
            }
        } else if (node.isArray()) {
            node.forEach(n -> walk(n, tables, refs));
        }
    }

    /** The tables behind the statement's aliases (and behind their own names), quoted and qualified. */
    private static Map<String, String> aliases(String sql, String database) {
        Map<String, String> out = new LinkedHashMap<>();
        TableAliases.of(sql).forEach((alias, t) -> {
            String schema = t.schema() == null ? database : t.schema();
            out.put(alias, (schema == null ? "" : quote(schema) + ".") + quote(t.name()));
        });
        return out;
    }

    private static String create(String table, List<String> columns) {
        StringBuilder name = new StringBuilder("ix");
        String bare = unquote(table.substring(table.lastIndexOf("`.`") < 0 ? 0 : table.lastIndexOf("`.`") + 2));
        name.append('_').append(bare);
        columns.forEach(c -> name.append('_').append(unquote(c)));
        String n = name.length() > 64 ? name.substring(0, 64) : name.toString();
        return "CREATE INDEX " + quote(n) + " ON " + table + " (" + String.join(", ", columns) + ")";
    }

    private static String unquote(String name) {
        return TableAliases.unquote(name);
    }

    private static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
