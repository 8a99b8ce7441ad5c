package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.CheckRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.ColumnRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.IndexColumnRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.KeyColumnRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.RoutineRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.TableRow;
import dev.gabysql.core.dialect.mariadb.MariaDbCatalog.TriggerRow;
import dev.gabysql.core.introspect.SchemaFilter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code information_schema} queries behind a describe: seven, whatever the number of tables (six when the
 * server has no CHECK_CONSTRAINTS; routines are skipped when the caller asked for named tables). Names from the
 * filter are bound as parameters. Stateless.
 */
final class MariaDbCatalogQueries {
    private static final String TABLES = "SELECT t.TABLE_SCHEMA, t.TABLE_NAME, t.TABLE_TYPE, t.ENGINE, t.TABLE_ROWS,"
            + " t.DATA_LENGTH, t.INDEX_LENGTH, t.TABLE_COMMENT, v.VIEW_DEFINITION FROM information_schema.TABLES t"
            + " LEFT JOIN information_schema.VIEWS v ON v.TABLE_SCHEMA = t.TABLE_SCHEMA AND v.TABLE_NAME = t.TABLE_NAME"
            + " WHERE %s ORDER BY t.TABLE_SCHEMA, t.TABLE_NAME";
    private static final String COLUMNS = "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, COLUMN_TYPE,"
            + " IS_NULLABLE, COLUMN_DEFAULT, EXTRA, GENERATION_EXPRESSION, COLLATION_NAME, COLUMN_COMMENT"
            + " FROM information_schema.COLUMNS WHERE %s ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION";
    private static final String KEYS = "SELECT k.TABLE_SCHEMA, k.TABLE_NAME, k.CONSTRAINT_NAME, c.CONSTRAINT_TYPE,"
            + " k.COLUMN_NAME, k.ORDINAL_POSITION, k.REFERENCED_TABLE_SCHEMA, k.REFERENCED_TABLE_NAME,"
            + " k.REFERENCED_COLUMN_NAME, r.UPDATE_RULE, r.DELETE_RULE FROM information_schema.KEY_COLUMN_USAGE k"
            + " JOIN information_schema.TABLE_CONSTRAINTS c ON c.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA"
            + "  AND c.TABLE_SCHEMA = k.TABLE_SCHEMA AND c.TABLE_NAME = k.TABLE_NAME"
            + "  AND c.CONSTRAINT_NAME = k.CONSTRAINT_NAME"
            + " LEFT JOIN information_schema.REFERENTIAL_CONSTRAINTS r ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA"
            + "  AND r.TABLE_NAME = k.TABLE_NAME AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME"
            + " WHERE c.CONSTRAINT_TYPE IN ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY') AND (%s OR %s)"
            + " ORDER BY k.TABLE_SCHEMA, k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION";
    /** MariaDB's CHECK_CONSTRAINTS carries TABLE_NAME. */
    private static final String CHECKS_MARIADB = "SELECT CONSTRAINT_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, CHECK_CLAUSE"
            + " FROM information_schema.CHECK_CONSTRAINTS WHERE %s ORDER BY 1, 2, 3";
    /** MySQL's does not: the table comes from TABLE_CONSTRAINTS, where check names are unique per schema. */
    private static final String CHECKS_MYSQL = "SELECT c.TABLE_SCHEMA, c.TABLE_NAME, c.CONSTRAINT_NAME, k.CHECK_CLAUSE"
            + " FROM information_schema.TABLE_CONSTRAINTS c JOIN information_schema.CHECK_CONSTRAINTS k"
            + " ON k.CONSTRAINT_SCHEMA = c.CONSTRAINT_SCHEMA AND k.CONSTRAINT_NAME = c.CONSTRAINT_NAME"
            + " WHERE c.CONSTRAINT_TYPE = 'CHECK' AND %s ORDER BY 1, 2, 3";

    private static final String INDEXES = "SELECT TABLE_SCHEMA, TABLE_NAME, INDEX_NAME, NON_UNIQUE, SEQ_IN_INDEX,"
            + " COLUMN_NAME, SUB_PART, %s, INDEX_TYPE, INDEX_COMMENT FROM information_schema.STATISTICS"
            + " WHERE %s ORDER BY TABLE_SCHEMA, TABLE_NAME, INDEX_NAME <> 'PRIMARY', INDEX_NAME, SEQ_IN_INDEX";
    private static final String TRIGGERS = "SELECT EVENT_OBJECT_SCHEMA, TRIGGER_NAME, EVENT_OBJECT_TABLE,"
            + " ACTION_TIMING, EVENT_MANIPULATION, ACTION_STATEMENT, ACTION_ORDER FROM information_schema.TRIGGERS"
            + " WHERE %s ORDER BY EVENT_OBJECT_SCHEMA, EVENT_OBJECT_TABLE, ACTION_TIMING, EVENT_MANIPULATION,"
            + " ACTION_ORDER";
    private static final String ROUTINES = "SELECT r.ROUTINE_SCHEMA, r.ROUTINE_NAME, r.ROUTINE_TYPE, r.DTD_IDENTIFIER,"
            + " (SELECT GROUP_CONCAT(CONCAT_WS(' ', CASE WHEN r.ROUTINE_TYPE <> 'FUNCTION' THEN p.PARAMETER_MODE END,"
            + "   p.PARAMETER_NAME, p.DTD_IDENTIFIER)"
            + "   ORDER BY p.ORDINAL_POSITION SEPARATOR ', ') FROM information_schema.PARAMETERS p"
            + "   WHERE p.SPECIFIC_SCHEMA = r.ROUTINE_SCHEMA AND p.SPECIFIC_NAME = r.SPECIFIC_NAME"
            + "   AND p.ROUTINE_TYPE = r.ROUTINE_TYPE AND p.ORDINAL_POSITION > 0),"
            + " r.ROUTINE_BODY, r.ROUTINE_DEFINITION, r.IS_DETERMINISTIC, r.SQL_DATA_ACCESS, r.SECURITY_TYPE,"
            + " r.ROUTINE_COMMENT FROM information_schema.ROUTINES r WHERE %s ORDER BY 1, 3, 2";

    private MariaDbCatalogQueries() {}

    static MariaDbCatalog read(Connection c, SchemaFilter filter, MariaDbServer server) throws SQLException {
        Scope tables = Scope.of("t.TABLE_SCHEMA", "t.TABLE_NAME", filter);
        Scope columns = Scope.of("TABLE_SCHEMA", "TABLE_NAME", filter);
        Scope outgoing = Scope.of("k.TABLE_SCHEMA", "k.TABLE_NAME", filter);
        Scope incoming = Scope.of("k.REFERENCED_TABLE_SCHEMA", "k.REFERENCED_TABLE_NAME", filter);
        Scope triggers = Scope.of("EVENT_OBJECT_SCHEMA", "EVENT_OBJECT_TABLE", filter);
        return new MariaDbCatalog(
                query(c, TABLES.formatted(tables.sql()), tables.params(), MariaDbCatalogQueries::table),
                query(c, COLUMNS.formatted(columns.sql()), columns.params(), MariaDbCatalogQueries::column),
                query(
                        c,
                        KEYS.formatted(outgoing.sql(), incoming.sql()),
                        concat(outgoing, incoming),
                        MariaDbCatalogQueries::keyColumn),
                checks(c, filter, server),
                query(
                        c,
                        INDEXES.formatted(server.hasIndexExpressions() ? "EXPRESSION" : "NULL", columns.sql()),
                        columns.params(),
                        MariaDbCatalogQueries::indexColumn),
                query(c, TRIGGERS.formatted(triggers.sql()), triggers.params(), MariaDbCatalogQueries::trigger),
                routines(c, filter));
    }

    private static List<CheckRow> checks(Connection c, SchemaFilter filter, MariaDbServer server) throws SQLException {
        if (!server.hasCheckConstraints()) {
            return List.of();
        }
        Scope scope = server.checkConstraintsHaveTableName()
                ? Scope.of("CONSTRAINT_SCHEMA", "TABLE_NAME", filter)
                : Scope.of("c.TABLE_SCHEMA", "c.TABLE_NAME", filter);
        String sql = server.checkConstraintsHaveTableName() ? CHECKS_MARIADB : CHECKS_MYSQL;
        return query(
                c,
                sql.formatted(scope.sql()),
                scope.params(),
                rs -> new CheckRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
    }

    /** Routines belong to schemas, not tables: a describe of named tables does not read them. */
    private static List<RoutineRow> routines(Connection c, SchemaFilter filter) throws SQLException {
        if (!filter.tables().isEmpty()) {
            return List.of();
        }
        Scope scope = Scope.of("r.ROUTINE_SCHEMA", null, filter);
        return query(c, ROUTINES.formatted(scope.sql()), scope.params(), MariaDbCatalogQueries::routine);
    }

    private static TableRow table(ResultSet rs) throws SQLException {
        return new TableRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                longOrNull(rs, 5),
                longOrNull(rs, 6),
                longOrNull(rs, 7),
                rs.getString(8),
                rs.getString(9));
    }

    private static ColumnRow column(ResultSet rs) throws SQLException {
        return new ColumnRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getInt(4),
                rs.getString(5),
                "YES".equals(rs.getString(6)),
                rs.getString(7),
                rs.getString(8),
                rs.getString(9),
                rs.getString(10),
                rs.getString(11));
    }

    private static KeyColumnRow keyColumn(ResultSet rs) throws SQLException {
        return new KeyColumnRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getInt(6),
                rs.getString(7),
                rs.getString(8),
                rs.getString(9),
                rs.getString(10),
                rs.getString(11));
    }

    private static IndexColumnRow indexColumn(ResultSet rs) throws SQLException {
        Long prefix = longOrNull(rs, 7);
        return new IndexColumnRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getLong(4) == 0,
                rs.getInt(5),
                rs.getString(6),
                prefix == null ? null : prefix.intValue(),
                rs.getString(8),
                rs.getString(9),
                rs.getString(10));
    }

    private static TriggerRow trigger(ResultSet rs) throws SQLException {
        return new TriggerRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getString(6),
                rs.getInt(7));
    }

    private static RoutineRow routine(ResultSet rs) throws SQLException {
        return new RoutineRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getString(6),
                rs.getString(7),
                "YES".equals(rs.getString(8)),
                rs.getString(9),
                rs.getString(10),
                rs.getString(11));
    }

    private static Long longOrNull(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
    }

    private static List<Object> concat(Scope a, Scope b) {
        List<Object> all = new ArrayList<>(a.params());
        all.addAll(b.params());
        return all;
    }

    private static <T> List<T> query(Connection c, String sql, List<Object> params, Row<T> row) throws SQLException {
        List<T> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.size(); i++) {
                ps.setObject(i + 1, params.get(i));
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(row.map(rs));
                }
            }
        }
        return out;
    }

    @FunctionalInterface
    private interface Row<T> {
        T map(ResultSet rs) throws SQLException;
    }
}
