package dev.gabysql.core.service;

import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.guard.InspectedStatement;
import java.util.Locale;

/** The EXPLAIN the explain call runs for a read the guard has already let through. Stateless. */
final class ExplainStatement {
    private ExplainStatement() {}

    /** The dialect's EXPLAIN of the read; a statement that is already an EXPLAIN is refused (it could ANALYZE). */
    static String of(Dialect dialect, InspectedStatement stmt) {
        if (stmt.command() != null && stmt.command().toUpperCase(Locale.ROOT).startsWith("EXPLAIN")) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "Pass the statement itself, without EXPLAIN.",
                    "The explain call adds the EXPLAIN; ANALYZE is never run here.");
        }
        return dialect.explain(stmt.sql());
    }
}
