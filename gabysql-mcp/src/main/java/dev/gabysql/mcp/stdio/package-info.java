/**
 * MCP over stdio ({@code gabysql mcp}): stdout carries JSON-RPC frames only. {@link
 * dev.gabysql.mcp.stdio.StdioServer} answers {@code initialize} early, reads lines in bounded memory (too large,
 * unreadable and over-capacity lines are answered and the session goes on), wires {@code notifications/cancelled}
 * to the running statement ({@link dev.gabysql.mcp.stdio.CallTrackingProvider}), and answers plain tool calls on a
 * direct path ({@link dev.gabysql.mcp.stdio.DirectToolCalls}) that a client cannot tell from the SDK's:
 * {@code McpOptions#withDirectToolCalls(false)} turns it off and a test compares both paths. Imports {@code tool}
 * and {@code json}; the root package hands in the building of the SDK's server
 * ({@link dev.gabysql.mcp.stdio.StdioServer.SdkServerBuilder}).
 */
package dev.gabysql.mcp.stdio;
