/**
 * The console (docs/console.md): a person's view of {@code gabysql serve} in the browser. This package serves its
 * files with a strict Content-Security-Policy and signs people in; the pages themselves call the HTTP API like any
 * client, with the sign-in's cookie and CSRF token in place of a bearer token (see {@code http.AuthFilter}).
 */
package dev.gabysql.server.console;
