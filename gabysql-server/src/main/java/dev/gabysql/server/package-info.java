/**
 * {@code gabysql serve}: the HTTP/JSON API and MCP over Streamable HTTP on Jetty, over the core's one
 * {@code GabyService}. This package holds what the program uses to start one: {@link
 * dev.gabysql.server.GabyServer} (start and stop), {@link dev.gabysql.server.ServerOptions} and {@link
 * dev.gabysql.server.ApiToken}. Sub-packages: {@code http} (filters, error bodies, access log), {@code api} (the
 * JSON SQL API's routes and endpoints), {@code mcp} (the {@code /mcp} endpoint), {@code wire} (the JSON records
 * both ends of the HTTP API share), {@code client} (the gateway's remote service), {@code oauth} (OAuth access
 * tokens and the protected resource metadata).
 *
 * <p>A request passes: access log (wraps everything) → graceful-shutdown tracking → capacity cap → body-size cap
 * → bearer token (a configured one, or an OAuth access token) → router → endpoint → service. Every failure leaves as {@code {"error": {code, message, hint}}}
 * with the status of its {@link dev.gabysql.core.error.ErrorCode}.
 */
package dev.gabysql.server;
