package dev.gabysql.mcp.json.archfixture;

import dev.gabysql.mcp.tool.archfixture.McpCycleB;

/**
 * JSON code that reaches up into the tools, and one half of a cycle (json → tool → json), on purpose, for
 * {@code ArchitectureRulesBiteTest}.
 */
public final class BreaksMcpLayers {
    McpCycleB other;
}
