package dev.gabysql.mcp.tool;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.GabyService;

/**
 * One tool call as a tool sees it: the service, the parsed arguments and the core's call context (front end,
 * client name, caller cap, cancellation). Not shared between calls.
 */
record ToolCall(GabyService service, Args args, CallContext context) {}
