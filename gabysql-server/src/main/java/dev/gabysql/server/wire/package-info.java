/**
 * The JSON shapes of gabysql's HTTP API, shared by the server and its client (the gateway): snake_case field
 * names, the request body of {@code POST /sql}, the read and write answers, and the error envelope
 * {@code {"error": {"code", "message", "hint"}}}. Kept apart from the core records so that renaming a Java
 * field never changes the wire.
 */
package dev.gabysql.server.wire;
