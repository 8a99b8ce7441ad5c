package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.SchemaReader;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Reads SQLite's catalog with table-valued pragma functions joined to {@code pragma_table_list}: objects,
 * columns, foreign keys, indexes, triggers and statistics, at most eight queries whatever the number of tables.
 * SQLite has no stored functions, enums, sequences in the PostgreSQL sense, comments or schemas besides "main".
 * Stateless and thread-safe.
 */
final class SqliteSchemaReader implements SchemaReader {

    @Override
    public SchemaModel read(Connection c, SchemaFilter filter) throws SQLException {
        SqliteRead r = new SqliteRead(c, filter);
        if (filter.schema() == null || SqliteRead.MAIN.equals(filter.schema())) {
            r.model.schema(SqliteRead.MAIN);
        }
        new SqliteTableReader(r).read();
        SqliteKeyReader.foreignKeys(r);
        SqliteKeyReader.indexes(r);
        SqliteObjectReader.triggers(r);
        SqliteObjectReader.statistics(r);
        return r.model.build();
    }
}
