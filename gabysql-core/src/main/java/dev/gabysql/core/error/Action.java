package dev.gabysql.core.error;

/**
 * What a caller should do instead, named without any front end's words (docs/design.md#errors). The core says
 * "read it as a read" or "preview it again"; each front end words the action in its own terms — tool names and
 * arguments for MCP, fields and endpoints for HTTP, commands and flags for the shell — and falls back to the
 * neutral hint when it has no words for it.
 */
public enum Action {
    /** Send the statement as a read (MCP: the query tool; HTTP: POST /sql; shell: just type it). */
    READ,
    /** Send the statement as a write, on a database and mode that allow it. */
    WRITE,
    /** Look up the database names the catalog offers. */
    LIST_DATABASES,
    /** Look up the tables of a database. */
    LIST_TABLES,
    /** Preview the write again, without a confirmation, for a fresh one. */
    PREVIEW_AGAIN,
    /** Say explicitly that an UPDATE/DELETE without WHERE is meant to change every row. */
    ALLOW_FULL_TABLE,
    /** Split a script into one call per statement. */
    ONE_STATEMENT_PER_CALL
}
