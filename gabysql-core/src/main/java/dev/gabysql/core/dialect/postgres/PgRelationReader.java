package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.introspect.SchemaModel.Column;
import dev.gabysql.core.introspect.TableBuilder;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Relations and their columns: two queries. Sizes come from the catalog's page counts (as fresh as the last
 * VACUUM/ANALYZE) rather than {@code pg_total_relation_size}, which stats every file of every table.
 * Defaults are deparsed without their relation ({@code pg_get_expr(adbin, 0)}): a default cannot name a column,
 * and opening the relation for each one doubled the cost of the columns query; only generated columns, whose
 * expressions do name columns, pay for it.
 */
final class PgRelationReader {
    private static final String RELATIONS = "SELECT c.oid, n.nspname, c.relname, c.relkind, d.description,"
            + " CASE WHEN c.reltuples >= 0 AND c.relkind IN ('r', 'm', 'f') THEN c.reltuples::bigint END,"
            + " CASE WHEN c.relkind IN ('r', 'm') THEN (c.relpages::bigint + coalesce(tc.relpages, 0)"
            + "   + coalesce((SELECT sum(i.relpages) FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid"
            + "               WHERE x.indrelid = c.oid), 0)) * current_setting('block_size')::bigint END,"
            + " CASE WHEN c.relkind IN ('v', 'm') THEN pg_get_viewdef(c.oid, true) END"
            + " FROM rel JOIN pg_class c ON c.oid = rel.oid JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " LEFT JOIN pg_class tc ON tc.oid = c.reltoastrelid"
            + " LEFT JOIN pg_description d ON d.objoid = c.oid AND d.classoid = 'pg_class'::regclass"
            + "  AND d.objsubid = 0"
            + " ORDER BY n.nspname, c.relname";
    private static final String COLUMNS = "SELECT a.attrelid, a.attnum, a.attname,"
            + " format_type(a.atttypid, a.atttypmod), a.attnotnull,"
            + " CASE WHEN a.attgenerated = '' THEN pg_get_expr(ad.adbin, 0) ELSE pg_get_expr(ad.adbin, ad.adrelid) END,"
            + " a.attidentity, a.attgenerated,"
            + " CASE WHEN a.attcollation <> 0 AND a.attcollation <> t.typcollation THEN co.collname END,"
            + " d.description"
            + " FROM rel JOIN pg_attribute a ON a.attrelid = rel.oid JOIN pg_type t ON t.oid = a.atttypid"
            + " LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum"
            + " LEFT JOIN pg_collation co ON co.oid = a.attcollation"
            + " LEFT JOIN pg_description d ON d.objoid = a.attrelid AND d.classoid = 'pg_class'::regclass"
            + "  AND d.objsubid = a.attnum"
            + " WHERE a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attrelid, a.attnum";

    private PgRelationReader() {}

    static void read(PgRead r) {
        r.query(RELATIONS, rs -> {
            TableBuilder t = r.model
                    .table(rs.getString(2), rs.getString(3), PgNames.relationKind(rs.getString(4)))
                    .comment(rs.getString(5))
                    .rowEstimate(PgRead.nullableLong(rs, 6))
                    .sizeBytes(PgRead.nullableLong(rs, 7))
                    .definition(rs.getString(8));
            r.table(rs.getLong(1), t);
        });
        r.query(COLUMNS, rs -> {
            TableBuilder t = r.table(rs.getLong(1));
            if (t != null) {
                r.columnName(rs.getLong(1), rs.getInt(2), rs.getString(3));
                t.column(column(rs));
            }
        });
    }

    private static Column column(ResultSet rs) throws SQLException {
        String type = PgNames.shortType(rs.getString(4));
        String expr = rs.getString(6);
        String identity = PgNames.identity(rs.getString(7));
        boolean generated = "s".equals(rs.getString(8));
        if (identity == null && expr != null && expr.startsWith("nextval(")) {
            identity = "serial";
        }
        return new Column(
                rs.getString(3),
                type,
                !rs.getBoolean(5),
                generated ? null : PgNames.cleanDefault(expr),
                identity,
                generated ? expr : null,
                rs.getString(9),
                rs.getString(10));
    }
}
