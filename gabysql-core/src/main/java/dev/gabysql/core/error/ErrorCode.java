package dev.gabysql.core.error;

/**
 * Every failure gabysql reports has one of these stable codes. Clients (agents, scripts) branch on the code,
 * people read the message and the hint. Hints are worded for no front end in particular: where a hint names an
 * action ({@link Action}), each front end words it in its own terms (docs/design.md#errors). The table here is the single place that maps a code to an HTTP status
 * and a CLI exit code; MCP reports every code as a tool result with {@code isError}.
 */
public enum ErrorCode {
    // caller mistakes
    BAD_REQUEST(400, 2, "Check the arguments of the call."),
    EMPTY_SQL(400, 1, "Pass one SQL statement."),
    MULTIPLE_STATEMENTS(
            400,
            1,
            "Send exactly one statement per call; split the script into separate calls.",
            Action.ONE_STATEMENT_PER_CALL),
    INVALID_DATABASE_NAME(
            400,
            1,
            "Use a database name from the catalog (SHOW DATABASES), never a path or URL.",
            Action.LIST_DATABASES),
    UNKNOWN_DATABASE(404, 1, "Use one of the names the catalog lists (SHOW DATABASES).", Action.LIST_DATABASES),
    UNKNOWN_TABLE(404, 1, "List the tables with SHOW TABLES.", Action.LIST_TABLES),
    // refusals by the guard or the mode
    UNCLASSIFIABLE(403, 1, "Rewrite the statement in plain SQL the guard can classify."),
    READ_ONLY(
            403,
            1,
            "This call may only read; send writes as writes, on a database whose mode allows them.",
            Action.WRITE),
    FORBIDDEN_BY_MODE(403, 1, "The effective access mode does not allow this statement."),
    TRANSACTION_CONTROL(403, 1, "gabysql owns transactions: send the statement alone, without BEGIN/COMMIT/ROLLBACK."),
    SESSION_CHANGE(403, 1, "Session settings are fixed by gabysql; remove SET/RESET/set_config."),
    SIDE_EFFECT(403, 1, "The statement calls a function or clause with side effects; it is not allowed here."),
    FULL_TABLE_WRITE(
            403,
            1,
            "Add a WHERE clause, or allow a full-table change explicitly if every row is really meant.",
            Action.ALLOW_FULL_TABLE),
    NO_PREVIEW(
            403,
            1,
            "This write cannot be rehearsed, and every write below mode admin must be previewed: rewrite it as the"
                    + " message says, or leave it to someone with admin mode, where it is confirmed without a"
                    + " preview."),
    // write confirmation
    CONFIRM_TOKEN_INVALID(403, 1, "Preview the statement again for a fresh confirmation.", Action.PREVIEW_AGAIN),
    CONFIRM_TOKEN_EXPIRED(403, 1, "The preview is too old; preview the statement again.", Action.PREVIEW_AGAIN),
    DATA_CHANGED(
            409,
            1,
            "The data changed since the preview; preview again and review the new result.",
            Action.PREVIEW_AGAIN),
    // approval by a person
    APPROVAL_NOT_FOUND(404, 1, "No write waits under this approval id on this database; preview the write again."),
    APPROVAL_CLOSED(
            409,
            1,
            "This write was already decided, or it expired; an approval id is decided once. Preview again for a new"
                    + " one.",
            Action.PREVIEW_AGAIN),
    APPROVAL_REQUIRED(
            403,
            1,
            "Writes to this database are approved by a person: the preview answers with an approval id, and the"
                    + " person approves it; a confirm token is not accepted."),
    NOT_AN_APPROVER(403, 1, "Only an approver's credential may approve or reject a write."),
    // the database
    SQL_ERROR(400, 1, "Fix the SQL; the database's message says what it did not accept."),
    LOCKED(
            423,
            1,
            "Another session holds a lock this statement needs (a write or a schema change under way);"
                    + " retry once it has ended."),
    VALUE_TOO_LARGE(422, 1, "Read a part of the value (substr, length) or leave the column out."),
    TIMEOUT(504, 1, "Narrow the query (WHERE, LIMIT, an index) or ask for a longer statement timeout."),
    CANCELLED(499, 1, "The call was cancelled by the client."),
    DATABASE_UNAVAILABLE(503, 1, "Check that the database server is running and reachable, then retry."),
    STATE_UNAVAILABLE(
            503,
            1,
            "Check that the shared state database (--state) is running and reachable, then retry; writes wait for"
                    + " it, reads do not need it."),
    SESSION_NOT_HARDENED(
            503,
            1,
            "gabysql serves no call on a session it could not make read-only or bound by its timeout; fix the way"
                    + " it connects as the message says (docs/deploy.md#pgbouncer)."),
    CALLER_ROLE_NOT_SET(
            403,
            1,
            "gabysql runs a caller's calls only as the database role or login its token names, and could not take it"
                    + " on here; grant it as the message says (docs/security.md#per-caller-database-roles)."),
    // the way to the database
    SSH_UNREACHABLE(
            503,
            1,
            "Check the database's SSH host, port and jump hosts, and that `ssh` reaches it from this machine; the"
                    + " next call tries again."),
    SSH_AUTH_FAILED(
            502,
            1,
            "Check the database's ssh user and key (key_file or the ssh-agent): its public key must be in the"
                    + " user's authorized_keys on the SSH host."),
    SSH_HOST_KEY_MISMATCH(
            502,
            1,
            "The SSH host offered a key other than the one known_hosts holds for it: confirm the new key's"
                    + " fingerprint with the host's administrator before replacing the entry (ssh-keygen -R)."),
    SSH_HOST_KEY_UNKNOWN(
            502,
            1,
            "Add the SSH host's key to known_hosts once its fingerprint is confirmed (one `ssh` login or"
                    + " ssh-keyscan), or set strict_host_key_checking = \"accept-new\"."),
    TLS_NOT_VERIFIED(
            502,
            1,
            "The database server's certificate is not signed by the configured CA or not issued for the host name"
                    + " connected to: fix ca_file or the URL's host, or the server's certificate."),
    UNSUPPORTED_DATABASE(
            400,
            2,
            "Use a SQLite file, a jdbc:postgresql:, jdbc:mariadb: or jdbc:mysql: URL, or a JDBC URL"
                    + " whose driver is on the class path."),
    CONFIG_INVALID(400, 2, "Fix the configuration as the message says."),
    // the server
    UNAUTHORIZED(401, 1, "Send a valid bearer token in the Authorization header."),
    INSUFFICIENT_SCOPE(
            403,
            1,
            "Ask the authorization server for a token with the scope the WWW-Authenticate header names"
                    + " (docs/configuration.md#oauth)."),
    AUTH_UNAVAILABLE(
            503,
            1,
            "The authorization server's signing keys (JWKS) could not be fetched: check jwks_url in [server.oauth]"
                    + " and that the authorization server is reachable, then retry."),
    OVER_CAPACITY(503, 1, "The server is at its concurrency cap; retry after a moment."),
    TOO_LARGE(413, 1, "Send a smaller request."),
    NOT_FOUND(
            404,
            1,
            "The HTTP API has POST /sql, GET /databases, GET /databases/{db}/schema,"
                    + " POST /databases/{db}/check, GET /health and /mcp."),
    METHOD_NOT_ALLOWED(405, 1, "Use the method the Allow header names."),
    FORBIDDEN_ORIGIN(403, 1, "Call from a local client (localhost), or start the server with a token."),
    CSRF_REFUSED(403, 1, "Reload the console page and try again."),
    INTERNAL(500, 1, "This is a bug in gabysql; the server log has details.");

    private final int httpStatus;
    private final int exitCode;
    private final String defaultHint;
    private final Action defaultAction;

    ErrorCode(int httpStatus, int exitCode, String defaultHint) {
        this(httpStatus, exitCode, defaultHint, null);
    }

    ErrorCode(int httpStatus, int exitCode, String defaultHint, Action defaultAction) {
        this.httpStatus = httpStatus;
        this.exitCode = exitCode;
        this.defaultHint = defaultHint;
        this.defaultAction = defaultAction;
    }

    public int httpStatus() {
        return httpStatus;
    }

    /** picocli's convention: 0 ok, 1 failure, 2 usage. */
    public int exitCode() {
        return exitCode;
    }

    /** The hint in neutral words, for a front end that has no words of its own for the action. */
    public String defaultHint() {
        return defaultHint;
    }

    /** What to do instead, for a front end to word; null where the hint needs no front end's words. */
    public Action defaultAction() {
        return defaultAction;
    }
}
