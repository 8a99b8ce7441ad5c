/**
 * HTTP plumbing shared by every endpoint of {@code gabysql serve}: bearer-token authentication, the concurrency
 * cap (a fast 503, never a hang), the body limit, Origin/Host checks for local clients, the access log and JSON
 * error bodies {@code {code, message, hint}} (docs/http-api.md, docs/design.md#http-api).
 */
package dev.gabysql.server.http;
