package dev.gabysql.mcp.tool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.ResultBudget;
import dev.gabysql.core.json.JsonTrees;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;

/** {@code gabysql_list_databases}: the catalog, the starting point of every session. */
public final class ListDatabasesTool implements GabyTool {
    static final String NAME = "gabysql_list_databases";

    @Override
    public McpSchema.Tool definition() {
        Map<String, Object> db = Schemas.anyObject(null);
        db.put(
                "properties",
                Schemas.props(
                        "name", Schemas.string(null),
                        "dialect", Schemas.string(null),
                        "url", Schemas.string("Password masked."),
                        "description", Schemas.string(null),
                        "mode", Schemas.string("readonly, readwrite or admin."),
                        "warnings", Schemas.array(Schemas.string(null), null),
                        "approval",
                                Schemas.string("Who approves your writes: human (a person; you cannot commit alone)"
                                        + " or agent (your confirm_token commits). Absent when you cannot write."),
                        "safeguards",
                                Schemas.string("How the database itself holds your reads read-only and to their"
                                        + " timeout (or that calls are refused because it cannot). Absent before"
                                        + " first use.")));
        return McpSchema.Tool.builder()
                .name(NAME)
                .title("List databases")
                .description("List the databases you can use: name, engine (dialect), the access mode you get"
                        + " (readonly, readwrite or admin), who approves your writes (approval), a description when"
                        + " configured, and warnings such as a missing file. Every other gabysql tool takes one of these names as db — never a file"
                        + " path or URL. Call this first.")
                .inputSchema(Schemas.input(Schemas.props()))
                .outputSchema(Schemas.output(
                        Schemas.props(
                                "databases",
                                Schemas.array(db, null),
                                "truncated",
                                Schemas.bool(null),
                                "note",
                                Schemas.string(null)),
                        "databases"))
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
        return o;
    }
}
