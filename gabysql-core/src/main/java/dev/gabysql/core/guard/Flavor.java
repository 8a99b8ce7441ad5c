package dev.gabysql.core.guard;

/**
 * Everything the guard knows about one flavour, in one place: how it lexes, which functions have side effects,
 * and whether its DDL commits implicitly. Adding a flavour means one constant here, one {@link LexerRules} and
 * one function table.
 *
 * @param id                   the flavour
 * @param lexer                how strings, identifiers and comments are written
 * @param functions            functions with side effects
 * @param ddlCommitsImplicitly DDL ends the transaction (MariaDB/MySQL), so it can never be previewed
 */
record Flavor(SqlFlavor id, LexerRules lexer, FunctionTable functions, boolean ddlCommitsImplicitly) {
    static final Flavor POSTGRESQL =
            new Flavor(SqlFlavor.POSTGRESQL, LexerRules.POSTGRESQL, PostgresFunctions.TABLE, false);
    static final Flavor SQLITE = new Flavor(SqlFlavor.SQLITE, LexerRules.SQLITE, SqliteFunctions.TABLE, false);
    static final Flavor MARIADB = new Flavor(SqlFlavor.MARIADB, LexerRules.MARIADB, MariaDbFunctions.TABLE, true);
    static final Flavor GENERIC = new Flavor(SqlFlavor.GENERIC, LexerRules.GENERIC, GenericFunctions.TABLE, true);

    static Flavor of(SqlFlavor flavor) {
        switch (flavor == null ? SqlFlavor.GENERIC : flavor) {
            case POSTGRESQL:
                return POSTGRESQL;
            case SQLITE:
                return SQLITE;
            case MARIADB:
                return MARIADB;
            default:
                return GENERIC;
        }
    }

    boolean is(SqlFlavor f) {
        return id == f;
    }
}
