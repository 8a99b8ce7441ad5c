package dev.gabysql.mcp.tool;

import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
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
    private Tools() {}

    /** gabysql's tools, {@code gabysql_execute} only when the service can write. */
    public static List<GabyTool> of(boolean writes) {
        List<GabyTool> tools = new ArrayList<>(List.of(
                new ListDatabasesTool(),
                new DescribeDatabaseTool(),
                new DescribeTableTool(),
                new SearchTool(),
                new QueryTool(),
                new ExplainTool(),
                new IntegrityCheckTool()));
        if (writes) {
            tools.add(new ExecuteTool());
        }
        return tools;
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
     * Whether a session with this transport context sees {@code tool} in tools/list: {@code gabysql_execute} only
     * when the caller may write (a hidden tool is still refused if called).
     */
    public static boolean listed(McpOptions options, McpTransportContext ctx, McpSchema.Tool tool) {
        return !ExecuteTool.NAME.equals(tool.name())
                || allowsWrites(options.callerCap().apply(ctx));
    }

    private static boolean allowsWrites(Mode cap) {
        return cap == null || cap.allowsWrites();
    }
}
