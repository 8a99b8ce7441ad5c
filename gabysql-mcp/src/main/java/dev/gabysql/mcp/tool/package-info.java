/**
 * The MCP tools: one class per tool, each a definition (name, description, schemas, truthful annotations) and a
 * handler that calls the service. {@link dev.gabysql.mcp.tool.ToolBoundary} catches every failure at the boundary
 * and answers a clean {@code isError} result, never the SDK's cause chain. Tool handlers never talk JDBC. Also what
 * every transport shares about the tools: {@link dev.gabysql.mcp.tool.Tools} (which exist, which a session sees),
 * {@link dev.gabysql.mcp.tool.ToolSelection} ({@code --tools}), {@link dev.gabysql.mcp.tool.McpOptions}, the
 * server's instructions, and {@link dev.gabysql.mcp.tool.McpWords}.
 * Imports only {@code json} of the MCP module's packages.
 */
package dev.gabysql.mcp.tool;
