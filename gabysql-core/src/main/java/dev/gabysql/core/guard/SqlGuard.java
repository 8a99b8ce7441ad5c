package dev.gabysql.core.guard;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.List;
import java.util.Locale;

/**
 * Layer 3 of the defence: reads one statement and says what it is, failing closed.
 * PLACEHOLDER: a minimal first-keyword classifier; the full lexer/classifier replaces it.
 */
public final class SqlGuard {
    private SqlGuard() {
    }

    public static InspectedStatement inspect(String sql, SqlFlavor flavor) {
        if (sql == null || sql.isBlank()) {
            throw new GabyException(ErrorCode.EMPTY_SQL, "The SQL is empty.");
        }
        String text = sql.strip();
        while (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1).strip();
        }
        if (text.isEmpty()) {
            throw new GabyException(ErrorCode.EMPTY_SQL, "The SQL is empty.");
        }
        if (text.indexOf(';') >= 0 || text.contains("--") || text.contains("/*")) {
            throw new GabyException(ErrorCode.UNCLASSIFIABLE, "The statement could not be classified safely.");
        }
        String first = text.split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
        StatementKind kind;
        switch (first) {
            case "SELECT": case "WITH": case "VALUES": case "TABLE": case "EXPLAIN": case "SHOW":
                kind = StatementKind.READ; break;
            case "INSERT": case "UPDATE": case "DELETE":
                kind = StatementKind.DML; break;
            default:
                kind = StatementKind.UNKNOWN;
        }
        boolean hasWhere = text.toUpperCase(Locale.ROOT).contains(" WHERE ");
        return new InspectedStatement(text, kind, first, hasWhere, true, List.of());
    }
}
