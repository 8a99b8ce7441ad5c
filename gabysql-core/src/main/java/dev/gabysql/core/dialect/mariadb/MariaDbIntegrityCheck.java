package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.api.IntegrityReport;
import dev.gabysql.core.introspect.SchemaFilter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code INTEGRITY CHECK} on MariaDB/MySQL: one {@code CHECK TABLE} over every base table and view in scope (the
 * URL's database, or every user schema), the names taken from information_schema and quoted by the dialect. A
 * table is reported when the server answers an error, a warning or a status other than OK; notes (e.g. "the
 * storage engine doesn't support check") are not problems. Stateless.
 */
final class MariaDbIntegrityCheck {
    private static final String OBJECTS = "SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES"
            + " WHERE TABLE_TYPE IN ('BASE TABLE', 'SYSTEM VERSIONED', 'VIEW') AND %s ORDER BY 1, 2";

    private MariaDbIntegrityCheck() {}

    static IntegrityReport run(Connection c) throws SQLException {
        Scope scope = Scope.of("TABLE_SCHEMA", null, SchemaFilter.ALL);
        List<String> names = new ArrayList<>();
        int views = 0;
        try (PreparedStatement ps = c.prepareStatement(OBJECTS.formatted(scope.sql()));
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                names.add(MariaDbModelMapper.quote(rs.getString(1)) + "." + MariaDbModelMapper.quote(rs.getString(2)));
                views += "VIEW".equals(rs.getString(3)) ? 1 : 0;
            }
        }
        String checked = (names.size() - views) + " tables and " + views + " views (CHECK TABLE: table and index"
                + " structure, view definitions)";
        if (names.isEmpty()) {
            return new IntegrityReport(null, true, "CHECK TABLE", "no tables in scope", List.of());
        }
        List<String> problems = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("CHECK TABLE " + String.join(", ", names))) {
            while (rs.next()) {
                String problem = problemOf(rs.getString(1), rs.getString(3), rs.getString(4));
                if (problem != null) {
                    problems.add(problem);
                }
            }
        }
        return new IntegrityReport(null, problems.isEmpty(), "CHECK TABLE", checked, problems);
    }

    /** Columns of CHECK TABLE: Table, Op, Msg_type, Msg_text. */
    static String problemOf(String table, String type, String text) {
        String t = type == null ? "" : type.toLowerCase(Locale.ROOT);
        boolean bad = t.equals("error") || t.equals("warning") || t.equals("status") && !"OK".equalsIgnoreCase(text);
        return bad ? table + ": " + t + ": " + text : null;
    }
}
