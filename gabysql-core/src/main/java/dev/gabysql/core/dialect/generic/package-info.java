/**
 * The generic JDBC tier: any JDBC URL whose driver is on the class path and that no first-class dialect
 * claims. Introspection through {@link java.sql.DatabaseMetaData}, readonly through
 * {@link java.sql.Connection#setReadOnly(boolean)} plus the guard in its strictest flavor, and a warning in
 * {@code gabysql_list_databases} that the engine-level layer is weaker here.
 */
package dev.gabysql.core.dialect.generic;
