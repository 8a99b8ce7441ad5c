/**
 * JSON written and read by hand where a call's latency is spent: the SDK's mapper with shortcuts that write exactly
 * what the SDK's Jackson mapper writes ({@link dev.gabysql.mcp.json.HotPathJsonMapper}), results written once,
 * JSON-RPC replies and request ids, incoming lines and the tool list. Only the stdio transport and the tools use
 * it; it imports none of the MCP module's other packages.
 */
package dev.gabysql.mcp.json;
