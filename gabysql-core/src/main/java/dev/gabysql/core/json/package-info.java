/**
 * JSON as gabysql writes it: the one Jackson mapper ({@link dev.gabysql.core.json.Json}), results written straight
 * to bytes, tree helpers and ISO instants. Shared by the core and every front end, so that MCP, HTTP and the shell
 * write the same JSON for the same result. Imports nothing of gabysql's.
 */
package dev.gabysql.core.json;
