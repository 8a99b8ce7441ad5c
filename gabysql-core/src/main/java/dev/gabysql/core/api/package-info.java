/**
 * The bottom of the core: {@link dev.gabysql.core.api.GabyService}, the one interface every front end calls (MCP,
 * HTTP, the shell), with its request and result records, the call's context and cancellation, and the access
 * modes. It imports nothing of gabysql's but {@code error}: every other package may depend on it, it depends on
 * none of them (docs/design.md#modules-and-layers).
 */
package dev.gabysql.core.api;
