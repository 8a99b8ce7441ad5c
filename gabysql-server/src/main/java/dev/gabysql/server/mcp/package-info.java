/**
 * MCP over Streamable HTTP at {@code /mcp}: the SDK's servlet behind filters that keep its errors clean, wire
 * {@code notifications/cancelled} to the running statement and cap the open sessions (docs/design.md#mcp).
 */
package dev.gabysql.server.mcp;
