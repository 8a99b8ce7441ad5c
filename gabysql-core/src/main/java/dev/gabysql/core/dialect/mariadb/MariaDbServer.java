package dev.gabysql.core.dialect.mariadb;

import dev.gabysql.core.exec.Limits;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server behind a MariaDB/MySQL URL, detected once per database ({@code SELECT VERSION(), @@version_comment}, and
 * whether it is a node of a Galera cluster), and every place where MariaDB and MySQL differ for gabysql. Nothing else
 * in this package asks which product it talks to. Immutable.
 */
final class MariaDbServer {
    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");
    /** Row-lock and metadata-lock waits ({@link Limits#lockWait}) end within this, as PostgreSQL's lock_timeout. */
    private static final Duration MAX_LOCK_WAIT = Duration.ofSeconds(10);

    private final boolean mariaDb;
    private final String version;
    private final String comment;
    private final int[] numbers;
    private final boolean galera;

    MariaDbServer(String version, String comment) {
        this(version, comment, false);
    }

    MariaDbServer(String version, String comment, boolean galera) {
        this.galera = galera;
        this.version = version == null ? "" : version;
        this.comment = comment == null ? "" : comment;
        this.mariaDb =
                (this.version + " " + this.comment).toLowerCase(Locale.ROOT).contains("mariadb");
        this.numbers = parse(this.version);
    }

    static MariaDbServer detect(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT VERSION(), @@version_comment")) {
            rs.next();
            return new MariaDbServer(rs.getString(1), rs.getString(2), isGaleraNode(c));
        }
    }

    /**
     * Whether this connection's server is a node of a Galera cluster: {@code wsrep_on} is ON only where a wsrep
     * provider is loaded (docs/deploy.md#galera-cluster). {@code SHOW VARIABLES} answers an empty set, not an error,
     * on a server without the variable (MySQL), so it is safe inside a transaction.
     */
    static boolean isGaleraNode(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SHOW GLOBAL VARIABLES LIKE 'wsrep_on'")) {
            return rs.next() && "ON".equalsIgnoreCase(rs.getString(2));
        }
    }

    boolean isGalera() {
        return galera;
    }

    boolean isMariaDb() {
        return mariaDb;
    }

    /** e.g. "MariaDB 10.11.19-MariaDB-0+deb12u1 (Debian 12)". */
    String describe() {
        return (mariaDb ? "MariaDB " : "MySQL ")
                + version
                + (comment.isEmpty() ? "" : " (" + comment + ")")
                + (galera ? ", a Galera cluster node" : "");
    }

    /**
     * The one statement run at every checkout (after a reset the session is back to the server's defaults): the
     * session's transactions read-only or not ({@code SET SESSION TRANSACTION READ ONLY} as a variable, so that
     * everything fits one round trip), the server-side time limit, lock waits, no autocommit. On a Galera node, causal
     * reads too: {@code wsrep_sync_wait} gains its READ bit (1), so a read waits until this node has applied every
     * write the cluster committed before it — a write confirmed through another node (another replica of gabysql, a
     * {@code loadbalance} URL, a failover) is then seen by the next read. The server's own bits are kept.
     */
    String sessionSetup(boolean readOnly, Limits limits) {
        long ms = Math.max(1, limits.statementTimeout().toMillis());
        long lockWait = Math.max(1, limits.lockWait(MAX_LOCK_WAIT).toSeconds()); // whole seconds, at least 1
        return "SET SESSION " + readOnlyVariable() + " = " + (readOnly ? 1 : 0)
                + ", SESSION " + timeLimit(ms)
                + ", SESSION innodb_lock_wait_timeout = " + lockWait
                + ", SESSION lock_wait_timeout = " + lockWait
                + ", SESSION autocommit = 0"
                + (galera ? ", SESSION wsrep_sync_wait = @@GLOBAL.wsrep_sync_wait | 1" : "");
    }

    /** MariaDB 11.1 renamed tx_read_only; MySQL added transaction_read_only in 5.7.20 and dropped tx_read_only. */
    private String readOnlyVariable() {
        boolean renamed = mariaDb ? atLeast(11, 1, 0) : atLeast(5, 7, 20);
        return renamed ? "transaction_read_only" : "tx_read_only";
    }

    /**
     * MariaDB: max_statement_time, seconds with a fraction, every statement. MySQL: max_execution_time,
     * milliseconds, read-only SELECTs only (writes are bounded by gabysql's client-side KILL QUERY alone).
     */
    private String timeLimit(long ms) {
        return mariaDb
                ? String.format(Locale.ROOT, "max_statement_time = %d.%03d", ms / 1000, ms % 1000)
                : "max_execution_time = " + ms;
    }

    /**
     * Whether Connector/J's {@code Connection.reset()} sends COM_RESET_CONNECTION to this server (it does so for
     * MariaDB from 10.2.22 / 10.3.13 only). Without it, user variables and GET_LOCK locks would survive a return to
     * the pool, so such connections are discarded after each session instead.
     */
    boolean canResetConnections() {
        return mariaDb && (atLeast(10, 3, 13) || numbers[0] == 10 && numbers[1] == 2 && atLeast(10, 2, 22));
    }

    /** MariaDB's information_schema.CHECK_CONSTRAINTS names the table; MySQL's needs TABLE_CONSTRAINTS for it. */
    boolean checkConstraintsHaveTableName() {
        return mariaDb;
    }

    /** Whether information_schema.CHECK_CONSTRAINTS exists (MariaDB 10.2.22, MySQL 8.0.16). */
    boolean hasCheckConstraints() {
        return mariaDb ? atLeast(10, 2, 22) : atLeast(8, 0, 16);
    }

    /** MySQL 8.0.13+ has functional index parts (STATISTICS.EXPRESSION); MariaDB indexes virtual columns instead. */
    boolean hasIndexExpressions() {
        return !mariaDb && atLeast(8, 0, 13);
    }

    /**
     * MariaDB 10.2.7+ writes COLUMN_DEFAULT as an SQL expression ({@code 'text'}, {@code NULL},
     * {@code current_timestamp()}); MySQL writes the bare value and null for no default.
     */
    boolean quotesColumnDefaults() {
        return mariaDb && atLeast(10, 2, 7);
    }

    /**
     * For the catalog listing ({@code safeguards}), on a Galera node only: what gabysql does differently there
     * (docs/deploy.md#galera-cluster); null elsewhere, where the listing has nothing to add.
     */
    String clusterSafeguards() {
        return galera
                ? "a Galera cluster node: reads wait for the writes the cluster committed before them"
                        + " (wsrep_sync_wait); previews leave AUTO_INCREMENT counters where they moved them (lowering"
                        + " one is DDL, replicated to every node); a write to a table outside InnoDB stays on one node"
                        + " and has no preview; transactions are never replayed on another node"
                : null;
    }

    /** What the differences mean for this database, logged once when it is first reached. */
    String consequences() {
        String limit = mariaDb
                ? "statement time limit by max_statement_time on every statement"
                : "max_execution_time bounds SELECTs only, other statements are stopped by KILL QUERY when their"
                        + " time is up";
        String reuse = canResetConnections()
                ? "connections are reset (COM_RESET_CONNECTION) when returned"
                : "the driver cannot reset sessions on this server, so every call gets a fresh connection";
        String cluster = galera
                ? "; Galera: reads wait for the writes the cluster committed before them (wsrep_sync_wait), previews"
                        + " leave AUTO_INCREMENT counters as they are (the ALTER TABLE that lowers one would be"
                        + " replicated to every node)"
                : "";
        return limit + "; " + reuse + cluster;
    }

    boolean atLeast(int major, int minor, int patch) {
        int[] want = {major, minor, patch};
        for (int i = 0; i < 3; i++) {
            if (numbers[i] != want[i]) {
                return numbers[i] > want[i];
            }
        }
        return true;
    }

    private static int[] parse(String version) {
        Matcher m = VERSION.matcher(version);
        if (!m.find()) {
            return new int[] {0, 0, 0};
        }
        return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))};
    }
}
