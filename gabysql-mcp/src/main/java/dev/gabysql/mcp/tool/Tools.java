package dev.gabysql.mcp.tool;

import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.curated.PreparedTool;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * gabysql's tools as a server offers them, on any transport: which exist, their SDK specifications, and which a
 * session sees in {@code tools/list}. The SDK's server (built in the root package) and the direct stdio path both
 * ask here, so that both list the same. Stateless.
 */
public final class Tools {
    /** Every tool's name, in the order tools/list shows them. */
    public static final List<String> NAMES = List.of(
            ListDatabasesTool.NAME,
            DescribeDatabaseTool.NAME,
            DescribeTableTool.NAME,
            SearchTool.NAME,
            QueryTool.NAME,
            ExplainTool.NAME,
            HealthTool.NAME,
            ExecuteTool.NAME);

    private Tools() {}

    /** gabysql's tools, {@code gabysql_execute} only when the service can write. */
    public static List<GabyTool> of(boolean writes) {
        return of(writes, ToolSelection.EVERY_TOOL);
    }

    /** The tools of {@code selection}, {@code gabysql_execute} only when the service can write. */
    public static List<GabyTool> of(boolean writes, ToolSelection selection) {
        List<GabyTool> tools = new ArrayList<>();
        if (selection.includes(ListDatabasesTool.NAME)) {
            tools.add(new ListDatabasesTool());
        }
        if (selection.includes(DescribeDatabaseTool.NAME)) {
            tools.add(new DescribeDatabaseTool());
        }
        if (selection.includes(DescribeTableTool.NAME)) {
            tools.add(new DescribeTableTool());
        }
        if (selection.includes(SearchTool.NAME)) {
            tools.add(new SearchTool());
        }
        if (selection.includes(QueryTool.NAME)) {
            tools.add(new QueryTool());
        }
        if (selection.includes(ExplainTool.NAME)) {
            tools.add(new ExplainTool());
        }
        if (selection.includes(HealthTool.NAME)) {
            tools.add(new HealthTool());
        }
        if (listsExecute(writes, selection)) {
            tools.add(new ExecuteTool());
        }
        for (PreparedTool curated : selection.curated()) {
            tools.add(new CuratedMcpTool(curated));
        }
        return tools;
    }

    /** Whether {@code gabysql_execute} is among the tools: it is selected and the service can write. */
    public static boolean listsExecute(boolean writes, ToolSelection selection) {
        return writes && selection.includes(ExecuteTool.NAME);
    }

    /** The SDK's specifications of these tools. */
    public static List<McpServerFeatures.SyncToolSpecification> specs(
            List<GabyTool> gabyTools, GabyService service, McpOptions options) {
        List<McpServerFeatures.SyncToolSpecification> specs = new ArrayList<>();
        for (GabyTool t : gabyTools) {
            specs.add(ToolBoundary.spec(t, service, options));
        }
        return specs;
    }

    /**
     * Whether a session with this transport context sees {@code tool} in tools/list: a write tool
     * ({@code gabysql_execute}, a curated write) only when the caller may write (a hidden tool is still refused if
     * called).
     */
    public static boolean listed(McpOptions options, McpTransportContext ctx, McpSchema.Tool tool) {
        return !writes(tool) || allowsWrites(options.callerCap().apply(ctx));
    }

    /** Whether a tool writes: its annotations say it is not read-only. */
    public static boolean writes(McpSchema.Tool tool) {
        return ExecuteTool.NAME.equals(tool.name())
                || tool.annotations() != null
                        && Boolean.FALSE.equals(tool.annotations().readOnlyHint());
    }

    private static boolean allowsWrites(Mode cap) {
        return cap == null || cap.allowsWrites();
    }
}
