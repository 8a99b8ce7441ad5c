package dev.gabysql.core.curated;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.NamedStatement;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A curated tool that passed its start-up check: its statement with positional placeholders, and the calls that
 * bind a call's arguments to them and hand the statement to the service's own read or write path, where the guard
 * and the mode decide again (docs/configuration.md#curated-tools). Every argument is checked before anything runs.
 * Immutable and thread-safe.
 */
public final class PreparedTool {
    private final CuratedTool tool;
    private final NamedStatement statement;

    PreparedTool(CuratedTool tool, NamedStatement statement) {
        this.tool = tool;
        this.statement = statement;
    }

    public CuratedTool tool() {
        return tool;
    }

    public String name() {
        return tool.name();
    }

    public boolean writes() {
        return tool.access() == CuratedTool.Access.WRITE;
    }

    /** The statement as the service runs it: {@code ?} in place of each {@code :name}. */
    public String sql() {
        return statement.sql();
    }

    /**
     * The values of a call's arguments in placeholder order, each checked against its declaration.
     *
     * @param arguments by parameter name (JSON values: String, Number, Boolean, null)
     * @throws GabyException BAD_REQUEST for an argument the tool does not declare, a missing required one, or a value
     *         of the wrong type or out of bounds
     */
    public List<Object> bind(Map<String, ?> arguments) {
        return values(checked(arguments));
    }

    /**
     * The values of arguments typed in a shell ({@code name=value}), each read as its parameter's type
     * ({@link CuratedParam#acceptText}).
     */
    public List<Object> bindText(Map<String, String> arguments) {
        Map<String, Object> accepted = new HashMap<>();
        refuseUnknown(arguments.keySet());
        for (CuratedParam p : tool.params()) {
            String text = arguments.get(p.name());
            accepted.put(p.name(), text == null ? p.accept(tool.name(), null) : p.acceptText(tool.name(), text));
        }
        return values(accepted);
    }

    /** Runs a read tool on the read path: capped like {@code gabysql_query} (the server's and database's row caps). */
    public QueryResult read(GabyService service, CallContext ctx, List<Object> values) {
        requireAccess(CuratedTool.Access.READ);
        return service.query(ctx, new QueryRequest(tool.db(), statement.sql(), values, null));
    }

    /**
     * The write request of a write tool: previewed without {@code confirmToken}, committed with the preview's token
     * where the database's approval is agent; with approval human the preview waits for a person.
     */
    public ExecuteRequest writeRequest(List<Object> values, String confirmToken) {
        requireAccess(CuratedTool.Access.WRITE);
        return new ExecuteRequest(tool.db(), statement.sql(), values, confirmToken, false);
    }

    /** What became of this tool's write that waits for a person under {@code approvalId}. */
    public ExecuteRequest statusRequest(String approvalId) {
        requireAccess(CuratedTool.Access.WRITE);
        return new ExecuteRequest(tool.db(), null, List.of(), null, false, approvalId);
    }

    /** Previews or commits a write tool's statement through {@link GabyService#execute}. */
    public ExecuteResult write(GabyService service, CallContext ctx, List<Object> values, String confirmToken) {
        return service.execute(ctx, writeRequest(values, confirmToken));
    }

    private Map<String, Object> checked(Map<String, ?> arguments) {
        Map<String, ?> args = arguments == null ? Map.of() : arguments;
        refuseUnknown(args.keySet());
        Map<String, Object> accepted = new HashMap<>();
        for (CuratedParam p : tool.params()) {
            accepted.put(p.name(), p.accept(tool.name(), args.get(p.name())));
        }
        return accepted;
    }

    private void refuseUnknown(Iterable<String> names) {
        for (String n : names) {
            if (tool.param(n) == null) {
                throw new GabyException(
                        ErrorCode.BAD_REQUEST,
                        "Tool `" + tool.name() + "` has no parameter `" + n + "`. Nothing was run.",
                        tool.params().isEmpty()
                                ? "Call it without arguments."
                                : "Its parameters: " + paramNames() + ".");
            }
        }
    }

    private List<Object> values(Map<String, Object> accepted) {
        List<Object> out = new ArrayList<>(statement.names().size());
        for (String n : statement.names()) {
            out.add(accepted.get(n));
        }
        return out;
    }

    private String paramNames() {
        List<String> names = new ArrayList<>();
        tool.params().forEach(p -> names.add(p.name()));
        return String.join(", ", names);
    }

    private void requireAccess(CuratedTool.Access access) {
        if (tool.access() != access) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "Tool `" + tool.name() + "` " + (writes() ? "writes" : "only reads") + ".",
                    writes() ? "Call it as a write: it previews, then waits for approval." : "Call it as a read.");
        }
    }
}
