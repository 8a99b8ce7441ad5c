package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.SchemaReader;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;

/**
 * Reads a MariaDB/MySQL schema: {@link MariaDbCatalogQueries} (a constant number of information_schema queries)
 * then {@link MariaDbModelMapper}. The server's kind comes from the driver's handshake data, without a query.
 * Stateless and thread-safe.
 */
final class MariaDbSchemaReader implements SchemaReader {

    @Override
    public SchemaModel read(Connection c, SchemaFilter filter) throws SQLException {
        MariaDbServer server = serverOf(c);
        return MariaDbModelMapper.toModel(MariaDbCatalogQueries.read(c, filter, server), server);
    }

    /** The raw catalog, before mapping (for the mapper and for tests). */
    MariaDbCatalog readCatalog(Connection c, SchemaFilter filter) throws SQLException {
        return MariaDbCatalogQueries.read(c, filter, serverOf(c));
    }

    static MariaDbServer serverOf(Connection c) throws SQLException {
        DatabaseMetaData md = c.getMetaData();
        return new MariaDbServer(md.getDatabaseProductVersion(), md.getDatabaseProductName());
    }
}
