/**
 * Curated tools (docs/configuration.md#curated-tools): an operator's vetted statements with typed named parameters,
 * declared in {@code [[tools]]} of {@code gabysql.toml}, checked by the guard at start-up and run through the
 * service's own read and write paths. Front ends turn each into an MCP tool, an HTTP endpoint and a shell command.
 */
package dev.gabysql.core.curated;
