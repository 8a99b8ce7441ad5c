package dev.gabysql.core.guard;

import java.util.Set;

/**
 * The statements whose body is a {@code BEGIN … END} block of statements of its own, so that a semicolon inside the
 * block does not end them, per flavour. Script splitting keeps such a statement whole, so that no statement of a
 * body ever runs alone; the guard then accepts the body or refuses it as the flavour's row says. Stateless.
 * <ul>
 *   <li>SQLite: {@code CREATE [TEMP] TRIGGER … BEGIN … END}. A trigger body holds only INSERT, UPDATE, DELETE and
 *   SELECT, whose functions the clause scanner reads like any others: checked.</li>
 *   <li>PostgreSQL: {@code CREATE FUNCTION|PROCEDURE … BEGIN ATOMIC … END} (SQL-standard bodies, PostgreSQL 14,
 *   counted as psql counts them): refused. BEGIN is not a reserved word there, so where the server ends such a
 *   body is not certain from the words alone; a {@code $$ … $$} body is accepted as before.</li>
 *   <li>MariaDB/MySQL: compound statements in {@code CREATE TRIGGER|PROCEDURE|FUNCTION|EVENT} and
 *   {@code BEGIN NOT ATOMIC}: refused. A body may hold PREPARE, SET @x, loops and handlers, statements the guard
 *   refuses or does not know on their own, and it does not read the body statement by statement. (The mysql
 *   client's DELIMITER is a client command, not SQL: a script's statements end at {@code ;} here.) A routine or
 *   trigger whose body is one statement, without BEGIN … END, is DDL like any other.</li>
 *   <li>Generic: none.</li>
 * </ul>
 */
final class CompoundBodies {
    private static final Set<String> SQLITE = Set.of("TRIGGER");
    private static final Set<String> POSTGRESQL = Set.of("FUNCTION", "PROCEDURE");
    private static final Set<String> MARIADB = Set.of("TRIGGER", "PROCEDURE", "FUNCTION", "EVENT");
    /** The words after END that close a block BEGIN and CASE do not count: MariaDB's IF, LOOP, WHILE… */
    private static final Set<String> OTHER_BLOCKS = Set.of("IF", "LOOP", "WHILE", "REPEAT", "FOR");

    private CompoundBodies() {}

    /** Whether the statement starting at token {@code from} may hold a body whose semicolons do not end it. */
    static boolean mayHoldBody(TokenList t, int from, SqlFlavor flavor) {
        if (flavor == SqlFlavor.MARIADB && t.isWord(from, "BEGIN") && t.isWord(from + 1, "NOT")) {
            return t.isWord(from + 2, "ATOMIC");
        }
        return t.isWord(from, "CREATE") && objects(flavor).contains(Ddl.objectWord(t, from));
    }

    /** Whether the guard reads a body's statements (else it refuses a statement whose body holds any). */
    static boolean checked(SqlFlavor flavor) {
        return flavor == SqlFlavor.SQLITE;
    }

    /** Whether the END at token {@code i} closes a block that BEGIN or CASE opened. */
    static boolean closesBlock(TokenList t, int i) {
        return !OTHER_BLOCKS.contains(t.word(i + 1));
    }

    private static Set<String> objects(SqlFlavor flavor) {
        switch (flavor) {
            case SQLITE:
                return SQLITE;
            case POSTGRESQL:
                return POSTGRESQL;
            case MARIADB:
                return MARIADB;
            default:
                return Set.of();
        }
    }
}
