package dev.gabysql.mcp.tool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.ResultBudget;
import dev.gabysql.core.json.JsonTrees;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;

/** {@code gabysql_list_databases}: the catalog, the starting point of every session. */
public final class ListDatabasesTool implements GabyTool {
    static final String NAME = "gabysql_list_databases";

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder()
                .name(NAME)
                .description(
                        "The databases you can use: dialect, your mode, who approves your writes, warnings. Every other"
                                + " tool's db is one of these names, never a path or URL.")
                .inputSchema(Schemas.input(Schemas.props()))
                .annotations(GabyTool.readOnly())
                .build();
    }

    @Override
    public ToolOutcome call(ToolCall call) {
        return ToolOutcome.json(listed(call.service().listDatabases(call.context()), ResultBudget.DEFAULT_CHARS));
    }

    /**
     * The databases, as many as fit in {@code maxChars} characters (at least one): a data directory of 3,000 SQLite
     * files listed 720 KB for a model to read. The rest is said in {@code truncated} and a note.
     */
    static ObjectNode listed(List<DatabaseInfo> all, int maxChars) {
        ObjectNode out = JsonTrees.object();
        ArrayNode databases = out.putArray("databases");
        int chars = 0;
        for (DatabaseInfo d : all) {
            ObjectNode entry = entry(d);
            chars += entry.toString().length() + 1;
            if (chars > maxChars && !databases.isEmpty()) {
                out.put("truncated", true);
                out.put(
                        "note",
                        "Only the first " + databases.size() + " of " + all.size() + " databases are listed"
                                + " (the answer's character budget). Any of the others may be named as db all the same.");
                break;
            }
            databases.add(entry);
        }
        return out;
    }

    /** One database as the mapper writes a {@link DatabaseInfo}: its fields in order, a null one left out. */
    static ObjectNode entry(DatabaseInfo d) {
        ObjectNode o = JsonTrees.object();
        JsonTrees.putIfNotNull(o, "name", d.name());
        JsonTrees.putIfNotNull(o, "dialect", d.dialect());
        JsonTrees.putIfNotNull(o, "url", d.url());
        JsonTrees.putIfNotNull(o, "description", d.description());
        JsonTrees.putIfNotNull(o, "mode", d.mode() == null ? null : d.mode().label());
        o.set("warnings", JsonTrees.node(d.warnings()));
        JsonTrees.putIfNotNull(
                o, "approval", d.approval() == null ? null : d.approval().label());
        JsonTrees.putIfNotNull(o, "safeguards", d.safeguards());
        JsonTrees.putIfNotNull(o, "run_as", d.runAs());
        return o;
    }
}
