/**
 * gabysql's MCP front end over the core's one {@link dev.gabysql.core.api.GabyService}: the server built on any
 * transport of the official MCP Java SDK ({@link dev.gabysql.mcp.GabyMcpServer}), its options, resources, prompts,
 * completions and instructions, and the words it gives the core's actions ({@link dev.gabysql.mcp.tool.McpWords}).
 * Sub-packages: {@code tool} (the tools and their boundary), {@code stdio} (the stdio transport and its direct
 * path), {@code json} (hand-written JSON for the hot path). See docs/design.md#mcp.
 */
package dev.gabysql.mcp;
