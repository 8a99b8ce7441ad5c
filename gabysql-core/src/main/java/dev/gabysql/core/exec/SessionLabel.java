package dev.gabysql.core.exec;

import dev.gabysql.core.api.CallContext;

/**
 * What a database session says about who opened it (docs/design.md#session-labels): the program, fixed for a
 * process ({@code gabysql serve}: what MariaDB's connection attributes can carry), and the full label with the
 * caller ({@code gabysql serve token=ci client=curl@10.0.0.5}: PostgreSQL's {@code application_name}, set per
 * checkout). The caller's parts come from untrusted input (a client's name), so the text keeps printable ASCII only
 * (control characters go, quotes, backslashes and anything else become {@code ?}) and at most {@value #MAX_LENGTH}
 * characters: PostgreSQL's limit, and safe inside a SQL string literal on every engine. Immutable.
 *
 * @param program the program, e.g. {@code gabysql mcp}
 * @param text    the full label, e.g. {@code gabysql mcp client=claude-code}
 */
public record SessionLabel(String program, String text) {
    /** PostgreSQL keeps {@code NAMEDATALEN - 1} bytes of {@code application_name}. */
    public static final int MAX_LENGTH = 63;

    /** The label of work no caller asked for (start-up: schema prefetch, the privilege check). */
    public static SessionLabel of(String command) {
        String program = clean("gabysql" + (command == null ? "" : " " + command));
        return new SessionLabel(program, program);
    }

    /**
     * The label of a call: the process's command when known (else the call's front end, {@code http} read as
     * {@code serve}), the token's name and the client's.
     */
    public static SessionLabel of(String command, CallContext ctx) {
        return of(command, ctx, null);
    }

    /**
     * The label of a call that runs as the database role {@code role} (null: none), which follows the token's name:
     * {@code pg_stat_activity} shows the login, not the role a transaction took on
     * (docs/security.md#per-caller-database-roles).
     */
    public static SessionLabel of(String command, CallContext ctx, String role) {
        if (ctx == null) {
            return of(command);
        }
        SessionLabel base = of(command != null ? command : frontEndCommand(ctx.frontEnd()));
        StringBuilder text = new StringBuilder(base.program());
        if (ctx.token() != null) {
            text.append(" token=").append(ctx.token());
        }
        if (role != null) {
            text.append(" role=").append(role);
        }
        if (ctx.client() != null) {
            text.append(" client=").append(ctx.client());
        }
        return new SessionLabel(base.program(), clean(text));
    }

    private static String frontEndCommand(String frontEnd) {
        return "http".equals(frontEnd) ? "serve" : frontEnd;
    }

    /** Printable ASCII but quote and backslash, control characters dropped, cut at {@value #MAX_LENGTH}. */
    public static String clean(CharSequence s) {
        StringBuilder out = new StringBuilder(Math.min(s.length(), MAX_LENGTH));
        for (int i = 0; i < s.length() && out.length() < MAX_LENGTH; i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT) {
                continue;
            }
            if (Character.isLowSurrogate(c)) {
                continue; // its high surrogate already stood for the character
            }
            out.append(c >= 0x20 && c < 0x7f && c != '\'' && c != '\\' ? c : '?');
        }
        return out.toString().strip();
    }
}
