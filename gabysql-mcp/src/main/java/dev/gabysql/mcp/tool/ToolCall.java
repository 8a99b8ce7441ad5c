package dev.gabysql.mcp.tool;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.GabyService;

/**
 * One tool call as a tool sees it: the service, the parsed arguments, the core's call context (front end, client
 * name, caller cap, cancellation), the server's options, and the person in front of the client when the client can
 * ask them (null otherwise: no elicitation capability, or a path that has no SDK exchange). Not shared between calls.
 */
record ToolCall(GabyService service, Args args, CallContext context, McpOptions options, PersonInClient person) {}
