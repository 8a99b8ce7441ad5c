/**
 * The gateway's side of the HTTP API: {@link dev.gabysql.server.client.RemoteGabyService}, a {@code GabyService}
 * that opens no database and forwards every call to a running {@code gabysql serve} (the design record's MCP
 * adapter as a pure HTTP client). Only the JDK's {@code java.net.http} client is used.
 */
package dev.gabysql.server.client;
