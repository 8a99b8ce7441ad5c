package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.introspect.SchemaModel.Constraint;
import dev.gabysql.core.introspect.SchemaModel.ForeignKey;
import dev.gabysql.core.introspect.SchemaModel.Index;
import dev.gabysql.core.introspect.TableBuilder;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Constraints (primary, unique, check, exclusion, foreign keys in both directions) and indexes: two queries.
 * Column numbers are mapped to names in Java from the columns already read; a subquery per row would cost a
 * planned subquery per constraint, which large schemas feel. Only keys that start or end outside the filter
 * ask the catalog for names.
 */
final class PgKeyReader {
    private static final String NAMES_OF = "ARRAY(SELECT a.attname::text FROM unnest(k.%1$s) WITH ORDINALITY u(n, i)"
            + " JOIN pg_attribute a ON a.attrelid = k.%2$s AND a.attnum = u.n ORDER BY u.i)";
    private static final String CONSTRAINTS = "SELECT k.conname, k.contype, n.nspname, c.relname, k.conrelid,"
            + " k.conkey::int[], rn.nspname, r.relname, k.confrelid, k.confkey::int[], k.confupdtype, k.confdeltype,"
            + " CASE WHEN k.contype IN ('c', 'x') THEN pg_get_constraintdef(k.oid, true) END,"
            + " CASE WHEN k.conrelid NOT IN (SELECT oid FROM rel) THEN " + String.format(NAMES_OF, "conkey", "conrelid")
            + " END,"
            + " CASE WHEN k.contype = 'f' AND k.confrelid NOT IN (SELECT oid FROM rel) THEN "
            + String.format(NAMES_OF, "confkey", "confrelid") + " END"
            + " FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid"
            + " JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " LEFT JOIN pg_class r ON r.oid = k.confrelid LEFT JOIN pg_namespace rn ON rn.oid = r.relnamespace"
            + " WHERE k.contype IN ('p', 'u', 'c', 'f', 'x')"
            + " AND (k.conrelid IN (SELECT oid FROM rel) OR k.contype = 'f' AND k.confrelid IN (SELECT oid FROM rel))"
            + " ORDER BY n.nspname, c.relname, k.conname";
    private static final String INDEXES = "SELECT x.indrelid, i.relname, x.indisunique, x.indisprimary,"
            + " x.indkey::int2[], x.indnkeyatts,"
            + " CASE WHEN 0 = ANY(x.indkey::int2[]) THEN ARRAY(SELECT pg_get_indexdef(x.indexrelid, k, true)"
            + "   FROM generate_series(1, x.indnkeyatts) k ORDER BY k) END,"
            + " pg_get_expr(x.indpred, x.indrelid, true), am.amname,"
            + " EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.conrelid = x.indrelid"
            + "   AND k.contype IN ('u', 'x'))"
            + " FROM rel JOIN pg_index x ON x.indrelid = rel.oid JOIN pg_class i ON i.oid = x.indexrelid"
            + " JOIN pg_am am ON am.oid = i.relam ORDER BY x.indrelid, i.relname";

    private PgKeyReader() {}

    static void read(PgRead r) {
        r.query(CONSTRAINTS, rs -> constraint(r, rs));
        r.query(INDEXES, rs -> {
            TableBuilder t = r.table(rs.getLong(1));
            if (t != null) {
                t.index(index(r, rs));
            }
        });
    }

    private static void constraint(PgRead r, ResultSet rs) throws SQLException {
        String type = rs.getString(2);
        List<String> columns = r.columnNames(rs.getLong(5), rs.getString(6), rs.getArray(14));
        if ("f".equals(type)) {
            r.model.foreignKey(new ForeignKey(
                    rs.getString(1),
                    rs.getString(3),
                    rs.getString(4),
                    columns,
                    rs.getString(7),
                    rs.getString(8),
                    r.columnNames(rs.getLong(9), rs.getString(10), rs.getArray(15)),
                    PgNames.action(rs.getString(11)),
                    PgNames.action(rs.getString(12))));
            return;
        }
        TableBuilder t = r.table(rs.getLong(5));
        if (t == null) {
            return;
        }
        switch (type) {
            case "p":
                t.primaryKey(columns);
                break;
            case "u":
                t.constraint(new Constraint(rs.getString(1), "unique", columns, null));
                break;
            case "c":
                t.constraint(
                        new Constraint(rs.getString(1), "check", columns, PgNames.checkExpression(rs.getString(13))));
                break;
            default:
                t.constraint(new Constraint(rs.getString(1), "exclude", columns, rs.getString(13)));
        }
    }

    private static Index index(PgRead r, ResultSet rs) throws SQLException {
        List<String> columns = new ArrayList<>();
        Object[] expressions =
                rs.getArray(7) == null ? null : (Object[]) rs.getArray(7).getArray();
        int[] attnums = PgRead.ints(rs.getString(5));
        List<String> names = r.columnNames(rs.getLong(1), rs.getString(5), null);
        for (int k = 0; k < rs.getInt(6); k++) {
            boolean expression = attnums[k] == 0;
            columns.add(expression && expressions != null ? (String) expressions[k] : names.get(k));
        }
        String origin = rs.getBoolean(4) ? "primary key" : rs.getBoolean(10) ? "unique" : null;
        String method = "btree".equals(rs.getString(9)) ? null : rs.getString(9);
        return new Index(rs.getString(2), rs.getBoolean(3), columns, null, rs.getString(8), origin, method);
    }
}
