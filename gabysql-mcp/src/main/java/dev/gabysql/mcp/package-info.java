/**
 * gabysql's MCP front end over the core's one {@link dev.gabysql.core.api.GabyService}: the server built on any
 * transport of the official MCP Java SDK ({@link dev.gabysql.mcp.GabyMcpServer}, also the entry of MCP over stdio),
 * its resources, prompts and completions. Sub-packages, each importing only those after it: {@code stdio} (the
 * stdio transport and its direct path), {@code tool} (the tools, their boundary, options, instructions and the words
 * the core's actions get in MCP), {@code json} (hand-written JSON for the hot path). See
 * docs/design.md#modules-and-layers and docs/design.md#mcp.
 */
package dev.gabysql.mcp;
