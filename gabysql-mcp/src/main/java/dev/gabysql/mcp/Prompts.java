package dev.gabysql.mcp;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.mcp.tool.McpOptions;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The prompts: {@code explore_database} (a sensible walk from names to sample queries) and {@code safe_change}
 * (inspect, preview, ask the human, confirm). {@code safe_change} exists only when {@code gabysql_execute} is listed.
 * Stateless.
 */
final class Prompts {
    static final String EXPLORE = "explore_database";
    static final String SAFE_CHANGE = "safe_change";

    private Prompts() {}

    static List<McpServerFeatures.SyncPromptSpecification> all(
            GabyService service, McpOptions options, boolean writes) {
        List<McpServerFeatures.SyncPromptSpecification> out = new ArrayList<>();
        for (Answer a : answers(service, writes)) {
            out.add(new McpServerFeatures.SyncPromptSpecification(a.prompt(), (exchange, request) -> a.get(request)));
        }
        return out;
    }

    /** {@link #all} for the SDK's stateless server: the same prompts and answers. */
    static List<McpStatelessServerFeatures.SyncPromptSpecification> stateless(GabyService service, boolean writes) {
        List<McpStatelessServerFeatures.SyncPromptSpecification> out = new ArrayList<>();
        for (Answer a : answers(service, writes)) {
            out.add(new McpStatelessServerFeatures.SyncPromptSpecification(
                    a.prompt(), (transport, request) -> a.get(request)));
        }
        return out;
    }

    /** A prompt and how it is answered: the same for both kinds of server (a prompt needs nothing of the caller). */
    private record Answer(GabyService service, McpSchema.Prompt prompt, Function<Map<String, String>, String> text) {
        McpSchema.GetPromptResult get(McpSchema.GetPromptRequest request) {
            return answer(service, prompt, text, request);
        }
    }

    private static List<Answer> answers(GabyService service, boolean writes) {
        Answer explore = new Answer(
                service,
                new McpSchema.Prompt(
                        EXPLORE,
                        "Explore a database",
                        "Walk through a database step by step: what is there, how it connects,"
                                + " what the data looks like.",
                        List.of(dbArgument())),
                args -> explore(args.get("db")));
        if (!writes) {
            return List.of(explore);
        }
        Answer change = new Answer(
                service,
                new McpSchema.Prompt(
                        SAFE_CHANGE,
                        "Make a safe change",
                        "Change data safely: inspect, preview with gabysql_execute, let the user"
                                + " approve, then confirm.",
                        List.of(
                                dbArgument(),
                                new McpSchema.PromptArgument("goal", "Goal", "What should change, in words.", true))),
                args -> safeChange(args.get("db"), args.get("goal")));
        return List.of(explore, change);
    }

    static String explore(String db) {
        return "Explore the database `" + db + "` with the gabysql tools, step by step, and tell me what you learn.\n"
                + "1. gabysql_list_databases: confirm `" + db + "` exists and note its dialect and access mode.\n"
                + "2. gabysql_describe_database with db=\"" + db + "\" and detail=\"names\": see which tables and"
                + " views there are.\n"
                + "3. gabysql_describe_database with detail=\"summary\" and tables=[…] for the tables that look"
                + " central (the most connected, or what my question is about).\n"
                + "4. gabysql_describe_table for the two or three most important tables: keys, foreign keys,"
                + " indexes.\n"
                + "5. A few small gabysql_query calls, always with LIMIT (for example SELECT * FROM t LIMIT 5, and"
                + " counts grouped by a status or date column) to see real values.\n"
                + "Then summarise: what the database is about, the main entities and how they relate, notable"
                + " data, and good questions to ask next. Read only; change nothing.";
    }

    static String safeChange(String db, String goal) {
        return "Goal: " + goal + "\nDatabase: `" + db + "`.\n"
                + "Make this change safely with the gabysql tools:\n"
                + "1. Inspect: gabysql_describe_table for the tables involved, and gabysql_query (with LIMIT) to see"
                + " the rows the change will touch and how many there are.\n"
                + "2. Write one statement (INSERT, UPDATE, DELETE or MERGE) with a precise WHERE clause and ?"
                + " placeholders for values.\n"
                + "3. Preview: call gabysql_execute without confirm_token. Nothing is committed; you get the"
                + " affected row count, the blast radius (rows per table) and a preview.\n"
                + "4. If it answers awaiting_approval, a person decides (in this client's form, or with gabysql"
                + " approve): tell me what waits and stop; later, ask its status with approval_id. If it answers"
                + " previewed with a confirm_token, show me the statement, the blast radius and the preview, and"
                + " ask whether to commit; stop and wait for my answer.\n"
                + "5. Only if I approve a previewed write, call gabysql_execute again with the same db, sql and"
                + " params plus the confirm_token. If the data changed since the preview, preview again and ask"
                + " again.\n"
                + "Never commit without my explicit approval, and never touch every row unless I asked for it.";
    }

    private static McpSchema.PromptArgument dbArgument() {
        return new McpSchema.PromptArgument("db", "Database", "Database name from gabysql_list_databases.", true);
    }

    private static McpSchema.GetPromptResult answer(
            GabyService service,
            McpSchema.Prompt prompt,
            Function<Map<String, String>, String> text,
            McpSchema.GetPromptRequest request) {
        try {
            Map<String, String> args = strings(request.arguments());
            requireKnown(service, args.get("db"));
            for (McpSchema.PromptArgument a : prompt.arguments()) {
                if (Boolean.TRUE.equals(a.required()) && blank(args.get(a.name()))) {
                    throw ProtocolErrors.invalidParams(
                            "Missing argument `" + a.name() + "`.", "Pass " + a.name() + ".");
                }
            }
            return new McpSchema.GetPromptResult(
                    prompt.description(),
                    List.of(new McpSchema.PromptMessage(
                            McpSchema.Role.USER, new McpSchema.TextContent(text.apply(args)))));
        } catch (McpError e) {
            throw e;
        } catch (Throwable t) {
            throw ProtocolErrors.of(t, "prompt " + prompt.name());
        }
    }

    private static void requireKnown(GabyService service, String db) {
        if (blank(db)) {
            throw ProtocolErrors.invalidParams("Missing argument `db`.", "Pass a name from gabysql_list_databases.");
        }
        List<String> names = service.listDatabases(CallContext.of("mcp")).stream()
                .map(DatabaseInfo::name)
                .toList();
        if (!names.contains(db)) {
            throw ProtocolErrors.invalidParams(
                    "Unknown database `" + db + "`. Known databases: " + String.join(", ", names) + ".",
                    "Pass one of the known names.");
        }
    }

    private static Map<String, String> strings(Map<String, Object> args) {
        Map<String, String> out = new HashMap<>();
        if (args != null) {
            args.forEach((k, v) -> out.put(k, v == null ? null : v.toString()));
        }
        return out;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
