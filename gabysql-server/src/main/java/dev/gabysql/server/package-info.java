/**
 * {@code gabysql serve}: the HTTP/JSON API on Jetty over the core's one {@code GabyService}. Public here are only
 * {@link dev.gabysql.server.GabyServer} (start and stop), {@link dev.gabysql.server.ServerOptions} and
 * {@link dev.gabysql.server.ApiToken}; the filters (capacity, body size, bearer tokens), the router, the
 * endpoints, the JSON error handler and the access log are package-private.
 *
 * <p>A request passes: access log (wraps everything) → graceful-shutdown tracking → capacity cap → body-size cap
 * → bearer token → router → endpoint → service. Every failure leaves as {@code {"error": {code, message, hint}}}
 * with the status of its {@link dev.gabysql.core.error.ErrorCode}.
 */
package dev.gabysql.server;
