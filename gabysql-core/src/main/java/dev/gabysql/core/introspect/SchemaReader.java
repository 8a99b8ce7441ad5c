package dev.gabysql.core.introspect;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Reads a database's structure through one connection, with a constant number of catalog queries whatever the
 * number of tables. One implementation per dialect.
 */
public interface SchemaReader {
    SchemaModel read(Connection connection, SchemaFilter filter) throws SQLException;
}
