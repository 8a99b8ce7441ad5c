package dev.gabysql.core.dialect.mariadb;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Layer 1 on MariaDB/MySQL: what the account gabysql connects with could change, read from information_schema's
 * privilege tables (which show the current account's grants). One query. Stateless.
 */
final class MariaDbPrivileges {
    /** information_schema writes grantees as 'user'@'host'. */
    private static final String GRANTEE = "CONCAT('''', SUBSTRING_INDEX(CURRENT_USER(), '@', 1), '''@''',"
            + " SUBSTRING_INDEX(CURRENT_USER(), '@', -1), '''')";

    private static final String WRITES = "('INSERT', 'UPDATE', 'DELETE', 'CREATE', 'DROP', 'ALTER', 'INDEX',"
            + " 'CREATE VIEW', 'CREATE ROUTINE', 'ALTER ROUTINE', 'TRIGGER', 'EVENT', 'CREATE TEMPORARY TABLES',"
            + " 'LOCK TABLES')";
    private static final String GLOBAL_POWERS = "('SUPER', 'FILE', 'CREATE USER', 'GRANT OPTION', 'SHUTDOWN',"
            + " 'RELOAD', 'CONNECTION ADMIN', 'READ_ONLY ADMIN')";
    private static final String QUERY = "SELECT"
            + " (SELECT GROUP_CONCAT(DISTINCT PRIVILEGE_TYPE ORDER BY PRIVILEGE_TYPE SEPARATOR ', ')"
            + "  FROM information_schema.USER_PRIVILEGES WHERE GRANTEE = " + GRANTEE
            + "  AND PRIVILEGE_TYPE IN " + GLOBAL_POWERS + "),"
            + " (SELECT COUNT(*) FROM information_schema.USER_PRIVILEGES WHERE GRANTEE = " + GRANTEE
            + "  AND PRIVILEGE_TYPE IN " + WRITES + ") + (SELECT COUNT(*) FROM information_schema.SCHEMA_PRIVILEGES"
            + "  WHERE GRANTEE = " + GRANTEE + " AND PRIVILEGE_TYPE IN " + WRITES + ")"
            + " + (SELECT COUNT(*) FROM information_schema.TABLE_PRIVILEGES WHERE GRANTEE = " + GRANTEE
            + "  AND PRIVILEGE_TYPE IN " + WRITES + ")";

    private MariaDbPrivileges() {}

    /** A sentence for the operator, or null when the account can neither write nor administer. */
    static String writeAccessWarning(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(QUERY)) {
            rs.next();
            List<String> powers = new ArrayList<>();
            if (rs.getString(1) != null) {
                powers.add("holds global privileges " + rs.getString(1));
            }
            if (rs.getLong(2) > 0) {
                powers.add("may write to tables or change the schema");
            }
            return powers.isEmpty()
                    ? null
                    : "the account gabysql connects with " + String.join(" and ", powers)
                            + "; readonly is enforced by gabysql's session and guard only. See docs/security.md to create"
                            + " a read-only account.";
        }
    }
}
