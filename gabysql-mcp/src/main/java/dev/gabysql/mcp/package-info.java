/**
 * gabysql's MCP front end: the tools, resources and prompts over the core's one
 * {@link dev.gabysql.core.api.GabyService}, and the stdio lifecycle.
 *
 * <p>{@link dev.gabysql.mcp.GabyMcpServer} builds the same definitions on any transport of the official MCP Java
 * SDK (stdio, and Streamable HTTP in gabysql serve). Tool handlers never talk JDBC; they catch every failure at their
 * boundary and answer with a clean {@code isError} result. Because the SDK ignores {@code notifications/cancelled},
 * {@link dev.gabysql.mcp.CallTrackingProvider} wires it to the core's cancellation of the running statement.
 */
package dev.gabysql.mcp;
