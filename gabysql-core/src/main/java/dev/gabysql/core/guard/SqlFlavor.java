package dev.gabysql.core.guard;

/**
 * The lexical and catalog family of a database, as far as the guard cares: how strings, identifiers and comments
 * are written, and which functions have side effects. GENERIC is the strictest: anything unusual is refused.
 */
public enum SqlFlavor {
    SQLITE,
    POSTGRESQL,
    MARIADB,
    GENERIC
}
