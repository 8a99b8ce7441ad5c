package dev.gabysql.mcp.tool.archfixture;

import dev.gabysql.mcp.json.archfixture.BreaksMcpLayers;

/** The other half of a package cycle (tool → json), on purpose, for {@code ArchitectureRulesBiteTest}. */
public final class McpCycleB {
    BreaksMcpLayers other;
}
