package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.SchemaReader;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Reads PostgreSQL's catalog (pg_catalog) with a fixed set of queries whatever the number of tables: ten for a
 * whole database (schemas, relations, columns, constraints, indexes, triggers, routines, enums, sequences,
 * extensions), seven when the filter names tables, sent together in one statement. The filter is bound as
 * parameters of every query (see {@link PgRead}). Stateless and thread-safe.
 */
final class PostgresSchemaReader implements SchemaReader {

    @Override
    public SchemaModel read(Connection c, SchemaFilter filter) throws SQLException {
        PgRead r = new PgRead(c, filter);
        PgObjectReader.schemas(r);
        PgRelationReader.read(r);
        PgKeyReader.read(r);
        PgObjectReader.triggers(r);
        PgObjectReader.enums(r);
        if (filter.wantsOtherObjects()) {
            PgObjectReader.routines(r, c.getMetaData().getDatabaseMajorVersion());
            PgObjectReader.sequences(r);
            PgObjectReader.extensions(r);
        }
        r.execute();
        return r.model.build();
    }
}
