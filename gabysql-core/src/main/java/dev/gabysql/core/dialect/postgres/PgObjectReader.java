package dev.gabysql.core.dialect.postgres;

import dev.gabysql.core.introspect.SchemaModel.EnumType;
import dev.gabysql.core.introspect.SchemaModel.Extension;
import dev.gabysql.core.introspect.SchemaModel.Routine;
import dev.gabysql.core.introspect.SchemaModel.Sequence;
import dev.gabysql.core.introspect.SchemaModel.Trigger;
import dev.gabysql.core.introspect.TableBuilder;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Everything that is not a relation, column or key: triggers, routines, enums, sequences, extensions and schemas,
 * one query each. Objects that belong to an extension (pg_depend deptype 'e') are left out: they are the
 * extension's, not the application's.
 */
final class PgObjectReader {
    private static final String NOT_IN_EXTENSION =
            " NOT EXISTS (SELECT 1 FROM pg_depend e WHERE e.classid = %s" + " AND e.objid = %s AND e.deptype = 'e')";
    private static final String TRIGGERS = "SELECT t.tgrelid, t.tgname, t.tgtype::int, t.tgattr::int2[],"
            + " pg_get_triggerdef(t.oid, true), pn.nspname || '.' || p.proname,"
            + " CASE WHEN l.lanname NOT IN ('c', 'internal') THEN p.prosrc END, t.tgenabled"
            + " FROM rel JOIN pg_trigger t ON t.tgrelid = rel.oid JOIN pg_proc p ON p.oid = t.tgfoid"
            + " JOIN pg_namespace pn ON pn.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang"
            + " WHERE NOT t.tgisinternal ORDER BY t.tgrelid, t.tgname";
    private static final String ROUTINES = "SELECT ns.nspname, p.proname, p.prokind,"
            + " pg_get_function_arguments(p.oid), CASE WHEN p.prokind <> 'p' THEN pg_get_function_result(p.oid) END,"
            + " l.lanname, CASE WHEN l.lanname IN ('c', 'internal') THEN NULL %s ELSE p.prosrc END, d.description"
            + " FROM ns JOIN pg_proc p ON p.pronamespace = ns.oid JOIN pg_language l ON l.oid = p.prolang"
            + " LEFT JOIN pg_description d ON d.objoid = p.oid AND d.classoid = 'pg_proc'::regclass"
            + " WHERE" + String.format(NOT_IN_EXTENSION, "'pg_proc'::regclass", "p.oid")
            + " AND " + String.format(PgRead.PATTERN, "p.proname") + " ORDER BY ns.nspname, p.proname, p.oid";
    /** PostgreSQL 14+: a SQL-standard body (BEGIN ATOMIC) leaves prosrc empty. */
    private static final String SQL_BODY = "WHEN p.prosqlbody IS NOT NULL THEN pg_get_function_sqlbody(p.oid)";

    private static final String ENUMS = "SELECT ns.nspname, t.typname, array_agg(e.enumlabel::text"
            + " ORDER BY e.enumsortorder) FROM ns JOIN pg_type t ON t.typnamespace = ns.oid"
            + " JOIN pg_enum e ON e.enumtypid = t.oid"
            + " WHERE" + String.format(NOT_IN_EXTENSION, "'pg_type'::regclass", "t.oid")
            + " GROUP BY ns.nspname, t.typname ORDER BY ns.nspname, t.typname";
    private static final String SEQUENCES = "SELECT ns.nspname, c.relname, format_type(s.seqtypid, NULL),"
            + " s.seqstart, s.seqincrement, oc.relname || '.' || oa.attname"
            + " FROM ns JOIN pg_class c ON c.relnamespace = ns.oid AND c.relkind = 'S'"
            + " JOIN pg_sequence s ON s.seqrelid = c.oid"
            + " LEFT JOIN pg_depend dp ON dp.classid = 'pg_class'::regclass AND dp.objid = c.oid"
            + "  AND dp.refclassid = 'pg_class'::regclass AND dp.deptype IN ('a', 'i')"
            + " LEFT JOIN pg_class oc ON oc.oid = dp.refobjid"
            + " LEFT JOIN pg_attribute oa ON oa.attrelid = dp.refobjid AND oa.attnum = dp.refobjsubid"
            + " WHERE " + String.format(PgRead.PATTERN, "c.relname") + " ORDER BY ns.nspname, c.relname";
    /** plpgsql is installed in every database; listing it says nothing. */
    private static final String EXTENSIONS = "SELECT e.extname, e.extversion, n.nspname FROM pg_extension e"
            + " JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname <> 'plpgsql' ORDER BY e.extname";

    private static final String SCHEMAS = "SELECT nspname FROM ns ORDER BY nspname";

    private PgObjectReader() {}

    static void triggers(PgRead r) {
        r.query(TRIGGERS, rs -> {
            TableBuilder t = r.table(rs.getLong(1));
            if (t != null) {
                t.trigger(trigger(r, rs));
            }
        });
    }

    private static Trigger trigger(PgRead r, ResultSet rs) throws SQLException {
        int type = rs.getInt(3);
        List<String> updateOf = r.columnNames(rs.getLong(1), rs.getString(4), null);
        String definition = rs.getString(5);
        return new Trigger(
                rs.getString(2),
                PgNames.timing(type),
                PgNames.events(type, updateOf),
                PgNames.level(type),
                PgNames.triggerCondition(definition),
                rs.getString(6),
                rs.getString(7),
                definition,
                !"D".equals(rs.getString(8)));
    }

    static void routines(PgRead r, int majorVersion) {
        String sql = ROUTINES.replace("%s", majorVersion >= 14 ? SQL_BODY : "");
        r.queryByPattern(
                sql,
                rs -> r.model.routine(new Routine(
                        rs.getString(1),
                        rs.getString(2),
                        PgNames.prokind(rs.getString(3)),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getString(6),
                        rs.getString(7),
                        rs.getString(8))));
    }

    static void enums(PgRead r) {
        r.query(
                ENUMS,
                rs -> r.model.enumType(new EnumType(rs.getString(1), rs.getString(2), PgRead.strings(rs.getArray(3)))));
    }

    static void sequences(PgRead r) {
        r.queryByPattern(
                SEQUENCES,
                rs -> r.model.sequence(new Sequence(
                        rs.getString(1),
                        rs.getString(2),
                        PgNames.shortType(rs.getString(3)),
                        PgRead.nullableLong(rs, 4),
                        PgRead.nullableLong(rs, 5),
                        rs.getString(6))));
    }

    static void extensions(PgRead r) {
        r.query(EXTENSIONS, rs -> r.model.extension(new Extension(rs.getString(1), rs.getString(2), rs.getString(3))));
    }

    static void schemas(PgRead r) {
        r.query(SCHEMAS, rs -> r.model.schema(rs.getString(1)));
    }
}
