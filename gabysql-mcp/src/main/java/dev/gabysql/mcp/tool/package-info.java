/**
 * The MCP tools: one class per tool, each a definition (name, description, schemas, truthful annotations) and a
 * handler that calls the service. {@link dev.gabysql.mcp.tool.ToolBoundary} catches every failure at the boundary
 * and answers a clean {@code isError} result, never the SDK's cause chain. Tool handlers never talk JDBC.
 */
package dev.gabysql.mcp.tool;
