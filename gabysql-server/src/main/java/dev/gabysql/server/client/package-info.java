/**
 * The gateway's side of the HTTP API: {@link dev.gabysql.server.client.RemoteGabyService}, a {@code GabyService}
 * that opens no database and forwards every call to a running {@code gabysql serve} (the MCP
 * adapter as a pure HTTP client: docs/design.md#the-gateway). Only the JDK's {@code java.net.http} client is used.
 */
package dev.gabysql.server.client;
