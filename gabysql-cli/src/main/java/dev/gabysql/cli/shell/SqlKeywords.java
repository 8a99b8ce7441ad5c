package dev.gabysql.cli.shell;

import java.util.List;
import java.util.Set;

/** The SQL words the shell completes, and the ones after which a table name comes. */
final class SqlKeywords {
    private SqlKeywords() {
    }

    static final List<String> ALL = List.of(
            "SELECT", "FROM", "WHERE", "GROUP BY", "ORDER BY", "HAVING", "LIMIT", "OFFSET", "DISTINCT", "AS",
            "JOIN", "LEFT JOIN", "RIGHT JOIN", "INNER JOIN", "FULL JOIN", "CROSS JOIN", "ON", "USING",
            "AND", "OR", "NOT", "IN", "IS", "NULL", "LIKE", "ILIKE", "BETWEEN", "EXISTS", "CASE", "WHEN", "THEN",
            "ELSE", "END", "UNION", "UNION ALL", "INTERSECT", "EXCEPT", "WITH", "RECURSIVE", "VALUES", "ASC", "DESC",
            "NULLS FIRST", "NULLS LAST", "COUNT", "SUM", "AVG", "MIN", "MAX", "COALESCE", "CAST", "OVER",
            "PARTITION BY", "INSERT INTO", "UPDATE", "SET", "DELETE FROM", "RETURNING", "DEFAULT", "EXPLAIN",
            "CREATE TABLE", "CREATE INDEX", "CREATE VIEW", "ALTER TABLE", "DROP TABLE", "DROP INDEX", "DROP VIEW",
            "PRIMARY KEY", "FOREIGN KEY", "REFERENCES", "UNIQUE", "CHECK", "TRUE", "FALSE",
            "SHOW TABLES", "SHOW DATABASES", "DESCRIBE", "INTEGRITY CHECK");

    /** After these words a table (or view) name is expected. */
    static final Set<String> BEFORE_TABLE = Set.of("FROM", "JOIN", "INTO", "UPDATE", "TABLE", "DESCRIBE", "DESC");

    /** Words that end a table reference rather than alias it ({@code FROM t WHERE …}). */
    private static final Set<String> NOT_ALIASES = Set.of("WHERE", "JOIN", "LEFT", "RIGHT", "INNER", "FULL",
            "CROSS", "ON", "USING", "GROUP", "ORDER", "LIMIT", "OFFSET", "HAVING", "SET", "VALUES", "UNION",
            "INTERSECT", "EXCEPT", "NATURAL", "WINDOW", "RETURNING", "DEFAULT", "SELECT", "FETCH", "FOR");

    static boolean isKeyword(String word) {
        return NOT_ALIASES.contains(word.toUpperCase(java.util.Locale.ROOT));
    }
}
