package dev.gabysql.core.guard;

import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.postgresql.PGConnection;

/**
 * The adversarial contract on a real PostgreSQL database, reached as a superuser (so that only gabysql's own
 * layers stand in the way). A victim session listens for notifications; attacks aim at it too.
 */
class PostgresReadOnlyAdversarialTest extends ReadOnlyAdversarialTest {
    private static final String[] FIXTURE = {
        "CREATE TABLE accounts (id serial PRIMARY KEY, owner text NOT NULL, balance numeric NOT NULL)",
        "INSERT INTO accounts (owner, balance) VALUES ('ana', 100), ('bo', 250), ('cy', 75)",
        "CREATE TABLE audit (id bigserial PRIMARY KEY, note text)",
        "CREATE SEQUENCE tickets START 10",
        "CREATE TABLE docs (id int PRIMARY KEY, body jsonb)",
        "INSERT INTO docs VALUES (1, '{\"a\":1,\"tags\":[\"x\",\"y\"]}'), (2, '{\"a\":2}')",
        "CREATE VIEW rich AS SELECT * FROM accounts WHERE balance > 80",
        "CREATE MATERIALIZED VIEW totals AS SELECT sum(balance) AS total FROM accounts",
        "CREATE FUNCTION nothing() RETURNS int LANGUAGE sql AS 'SELECT 1'",
        "CREATE PROCEDURE noop() LANGUAGE sql AS 'SELECT 1'",
    };
    private String url;
    private String database;
    private Connection admin;
    private Connection victim;
    private int victimPid;

    @Override
    protected String createDatabase(Path dir) throws Exception {
        url = TestDatabases.newPostgresDatabase();
        TestDatabases.run(url, FIXTURE);
        admin = DriverManager.getConnection(url);
        database = text(admin, "SELECT current_database()");
        victim = DriverManager.getConnection(url);
        try (Statement st = victim.createStatement()) {
            st.execute("LISTEN gaby_victim");
        }
        victimPid = Integer.parseInt(text(victim, "SELECT pg_backend_pid()"));
        return url;
    }

    @AfterAll
    void closeConnections() throws SQLException {
        if (victim != null) {
            victim.close();
        }
        if (admin != null) {
            admin.close();
        }
    }

    @Override
    protected String expand(String sql) {
        return super.expand(sql)
                .replace("{VICTIM}", Integer.toString(victimPid))
                .replace("{DB}", database);
    }

    @Override
    protected Map<String, Object> snapshot() throws Exception {
        Map<String, Object> s = new LinkedHashMap<>();
        for (String table : List.of("accounts", "audit", "docs")) {
            s.put(
                    table,
                    text(
                            admin,
                            "SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, ',' ORDER BY"
                                    + " t::text)), '') FROM " + table + " t"));
        }
        s.put(
                "relations",
                text(
                        admin,
                        "SELECT string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text, ','"
                                + " ORDER BY 1) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                                + " WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'"));
        s.put("columns", text(admin, "SELECT count(*) FROM information_schema.columns WHERE table_schema = 'public'"));
        s.put(
                "sequences",
                text(
                        admin,
                        "SELECT string_agg(sequencename || '=' || coalesce(last_value::text, 'unset'),"
                                + " ',' ORDER BY 1) FROM pg_sequences"));
        s.put("totals", text(admin, "SELECT total FROM totals"));
        s.put("functions", text(admin, "SELECT count(*) FROM pg_proc WHERE pronamespace = 'public'::regnamespace"));
        s.put(
                "comments",
                text(
                        admin,
                        "SELECT count(*) FROM pg_description d JOIN pg_class c ON c.oid = d.objoid"
                                + " WHERE c.relnamespace = 'public'::regnamespace"));
        s.put(
                "grants",
                text(
                        admin,
                        "SELECT string_agg(coalesce(relacl::text, ''), ',' ORDER BY relname) FROM pg_class"
                                + " WHERE relnamespace = 'public'::regnamespace"));
        s.put("extensions", text(admin, "SELECT string_agg(extname, ',' ORDER BY 1) FROM pg_extension"));
        s.put(
                "evil roles, databases, slots",
                text(
                        admin,
                        "SELECT (SELECT count(*) FROM pg_roles WHERE rolname LIKE"
                                + " 'gaby_evil%') || '/' || (SELECT count(*) FROM pg_database WHERE datname LIKE 'gaby_evil%') || '/'"
                                + " || (SELECT count(*) FROM pg_replication_slots WHERE slot_name LIKE 'gaby_evil%')"));
        s.put(
                "settings",
                text(
                        admin,
                        "SELECT coalesce(md5(string_agg(coalesce(array_to_string(setconfig, ';'), ''),"
                                + " '|' ORDER BY setdatabase, setrole)), '') FROM pg_db_role_setting WHERE setdatabase = (SELECT oid"
                                + " FROM pg_database WHERE datname = current_database()) OR setrole = (SELECT oid FROM pg_roles"
                                + " WHERE rolname = current_user)"));
        s.put(
                "auto.conf",
                text(
                        admin,
                        "SELECT coalesce(md5(string_agg(name || '=' || coalesce(setting, ''), ','"
                                + " ORDER BY seqno)), '') FROM pg_file_settings WHERE sourcefile LIKE '%auto.conf'"));
        s.put(
                "advisory locks",
                text(
                        admin,
                        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND database ="
                                + " (SELECT oid FROM pg_database WHERE datname = current_database())"));
        s.put("large objects", text(admin, "SELECT count(*) FROM pg_largeobject_metadata"));
        s.put(
                "prepared xacts",
                text(admin, "SELECT count(*) FROM pg_prepared_xacts WHERE database = current_database()"));
        s.put(
                "stats reset",
                text(
                        admin,
                        "SELECT coalesce(stats_reset::text, '') FROM pg_stat_database"
                                + " WHERE datname = current_database()"));
        s.put("victim", victimState());
        return s;
    }

    /** The victim session is alive and got no notification. */
    private String victimState() throws SQLException {
        String alive = text(victim, "SELECT 'alive'");
        var notes = victim.unwrap(PGConnection.class).getNotifications();
        return alive + "/" + (notes == null ? 0 : notes.length);
    }

    private static String text(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    @Override
    protected List<String> sessionProbes() {
        return List.of(
                "SELECT current_setting('search_path'), current_setting('default_transaction_read_only'),"
                        + " current_setting('transaction_read_only'), current_setting('work_mem'), current_user,"
                        + " session_user, current_setting('application_name')",
                "SELECT (SELECT count(*) FROM pg_prepared_statements WHERE from_sql), (SELECT count(*) FROM pg_cursors),"
                        + " (SELECT count(*) FROM pg_listening_channels()), pg_my_temp_schema() = 0",
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()");
    }

    @Override
    protected int minimumAttacks() {
        return 100;
    }

    @Override
    protected List<String> rawWrites() {
        return List.of(
                "INSERT INTO accounts (owner, balance) VALUES ('mallory', 1)",
                "UPDATE accounts SET balance = 0",
                "DELETE FROM accounts",
                "TRUNCATE accounts",
                "DROP TABLE accounts",
                "CREATE TABLE pwned (a int)",
                "CREATE ROLE gaby_evil SUPERUSER",
                "SELECT nextval('tickets')",
                "SELECT setval('tickets', 1000)",
                // not here: COPY … TO '<file>', pg_read_file(), pg_advisory_lock(), lo_import() as superuser: a
                // read-only transaction lets them through, which is why the guard refuses them on its own
                "WITH d AS (DELETE FROM accounts RETURNING 1) SELECT count(*) FROM d",
                "REFRESH MATERIALIZED VIEW totals");
    }

    @Override
    protected List<String> reads() {
        return List.of(
                "SELECT owner, balance, rank() OVER (ORDER BY balance DESC) FROM accounts",
                "SELECT owner, sum(balance) OVER (PARTITION BY owner ORDER BY id ROWS UNBOUNDED PRECEDING)"
                        + " FROM accounts",
                "WITH r AS (SELECT * FROM accounts WHERE balance > 80) SELECT count(*) FROM r",
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10) SELECT sum(i) FROM n",
                "WITH r AS MATERIALIZED (SELECT 1 AS a), s AS (SELECT a + 1 AS b FROM r) SELECT * FROM r, s",
                "SELECT body->>'a', body #>> '{tags,0}', body @> '{\"a\":1}', body -> 'tags' ->> 1 FROM docs",
                "SELECT jsonb_path_query_array(body, '$.tags[*]'), jsonb_typeof(body) FROM docs",
                "SELECT count(*) FROM generate_series(1, 100)",
                "SELECT * FROM generate_series('2024-01-01'::date, '2024-01-05'::date, '1 day'::interval) g(d)",
                "EXPLAIN SELECT * FROM accounts WHERE id = 1",
                "EXPLAIN (FORMAT JSON) SELECT * FROM accounts",
                "EXPLAIN (COSTS OFF, ANALYZE false) SELECT * FROM accounts",
                "EXPLAIN DELETE FROM accounts",
                "SELECT $$a;b$$ AS s, 'DROP TABLE accounts' AS t, E'it\\'s' AS u, $x$ $$ ; $x$ AS v",
                "SELECT 'x' || ';' || '--' || '/*' AS s",
                "SELECT 1 /* outer /* nested ; DELETE FROM accounts */ still */ -- DELETE",
                "TABLE accounts",
                "VALUES (1, 'a'), (2, 'b')",
                "SHOW search_path",
                "SELECT * FROM rich",
                "SELECT total FROM totals",
                "SELECT pg_sleep(0)",
                "SELECT ARRAY[1,2,3] @> ARRAY[2], (ARRAY[1,2])[1], '{1,2}'::int[]",
                "SELECT a.owner FROM accounts a JOIN (SELECT id FROM accounts WHERE balance > 50) b ON a.id = b.id",
                "SELECT id::text, balance::int FROM accounts ORDER BY 1",
                "SELECT count(*) FILTER (WHERE balance > 80) FROM accounts",
                "SELECT * FROM accounts WHERE owner = ANY (SELECT owner FROM rich)",
                "SELECT U&'d\\0061t\\+000061', \"owner\" FROM accounts",
                "SELECT last_value FROM tickets",
                "SELECT nothing()",
                "(SELECT 1) UNION (SELECT 2)",
                "SELECT * FROM accounts;  -- done");
    }

    @Override
    protected List<String> attacks() {
        List<String> a = new ArrayList<>();
        a.addAll(smuggledStatements());
        a.addAll(transactionAndSession());
        a.addAll(writes());
        a.addAll(sideEffectFunctions());
        a.addAll(filesAndServer());
        a.addAll(lexerTricks());
        return a;
    }

    private static List<String> smuggledStatements() {
        return List.of(
                "COMMIT; DROP TABLE accounts",
                "COMMIT; INSERT INTO accounts (owner, balance) VALUES ('mallory', 1e6)",
                "ROLLBACK; DELETE FROM accounts",
                "END; UPDATE accounts SET balance = 0",
                "SELECT 1; DELETE FROM accounts",
                "SELECT 1;DELETE FROM accounts;",
                "SELECT 1 /* ; */ ; DELETE FROM accounts",
                "SELECT '1' ; -- comment\n DELETE FROM accounts",
                "SELECT $$;$$; DELETE FROM accounts",
                "SELECT E'\\\\'; DELETE FROM accounts; --'",
                "SELECT 1 /* /* nested */ ; DELETE FROM accounts; */ ; DELETE FROM accounts",
                "BEGIN; DELETE FROM accounts; COMMIT",
                "TABLE accounts; DELETE FROM accounts",
                "SHOW search_path; SET search_path = evil",
                "VALUES (1); COMMIT",
                "SELECT 1; VACUUM");
    }

    private static List<String> transactionAndSession() {
        return List.of(
                "COMMIT",
                "BEGIN READ WRITE",
                "SET TRANSACTION READ WRITE",
                "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE",
                "START TRANSACTION READ WRITE",
                "SAVEPOINT a",
                "PREPARE TRANSACTION 'gaby_evil'",
                "ABORT",
                "SET default_transaction_read_only = off",
                "SET search_path = pg_temp, public",
                "SET ROLE postgres",
                "SET SESSION AUTHORIZATION DEFAULT",
                "SET work_mem = '1MB'",
                "RESET ALL",
                "SELECT set_config('default_transaction_read_only', 'off', false)",
                "SELECT set_config('search_path', 'evil', false)",
                "SELECT pg_catalog.set_config('work_mem', '1MB', false)",
                "SELECT * FROM accounts WHERE set_config('work_mem', '2MB', false) IS NOT NULL",
                "ALTER SYSTEM SET work_mem = '64MB'",
                "ALTER DATABASE {DB} SET default_transaction_read_only = off",
                "ALTER ROLE postgres SET default_transaction_read_only = off",
                "DISCARD ALL",
                "PREPARE evil AS DELETE FROM accounts",
                "EXECUTE evil",
                "DEALLOCATE ALL",
                "DECLARE c CURSOR WITH HOLD FOR SELECT * FROM accounts",
                "LISTEN gaby_evil");
    }

    private static List<String> writes() {
        return List.of(
                "DELETE FROM accounts",
                "DELETE FROM accounts WHERE id = 1",
                "UPDATE accounts SET balance = 0 WHERE true",
                "INSERT INTO accounts (owner, balance) VALUES ('mallory', 1)",
                "INSERT INTO audit (note) SELECT owner FROM accounts",
                "TRUNCATE accounts",
                "DROP TABLE accounts",
                "DROP VIEW rich",
                "DROP SEQUENCE tickets",
                "ALTER SEQUENCE tickets RESTART WITH 1",
                "ALTER TABLE accounts ADD COLUMN pwned int",
                "CREATE TABLE pwned (a int)",
                "CREATE TEMP TABLE pwned (a int)",
                "CREATE OR REPLACE VIEW rich AS SELECT 1 AS pwned",
                "CREATE INDEX CONCURRENTLY pwn ON accounts (owner)",
                "CREATE ROLE gaby_evil SUPERUSER LOGIN",
                "CREATE DATABASE gaby_evil",
                "CREATE FUNCTION pwn() RETURNS int LANGUAGE sql AS 'SELECT 1'",
                "CREATE EXTENSION dblink",
                "GRANT ALL ON accounts TO PUBLIC",
                "COMMENT ON TABLE accounts IS 'pwned'",
                "SECURITY LABEL ON TABLE accounts IS 'x'",
                "MERGE INTO accounts a USING (SELECT 1 AS id) s ON a.id = s.id WHEN MATCHED THEN DELETE",
                "SELECT * INTO pwned FROM accounts",
                "SELECT * INTO TEMP pwned FROM accounts",
                "CREATE TABLE pwned AS SELECT * FROM accounts",
                "WITH d AS (DELETE FROM accounts RETURNING *) SELECT * FROM d",
                "WITH u AS (UPDATE accounts SET balance = 0 RETURNING id) SELECT count(*) FROM u",
                "WITH i AS (INSERT INTO audit (note) VALUES ('x') RETURNING id) SELECT id FROM i",
                "WITH x AS (SELECT 1), d AS (DELETE FROM accounts WHERE id = 1 RETURNING 1) SELECT * FROM x",
                "WITH RECURSIVE d AS (DELETE FROM audit RETURNING id) SELECT 1",
                "(WITH d AS (DELETE FROM accounts RETURNING 1) SELECT 1)",
                "SELECT 1 UNION ALL (WITH d AS (DELETE FROM accounts RETURNING 1) SELECT 1)",
                "WITH x AS (SELECT 1) DELETE FROM accounts",
                "(DELETE FROM accounts)",
                "EXPLAIN ANALYZE DELETE FROM accounts",
                "EXPLAIN (ANALYZE) UPDATE accounts SET balance = 0",
                "EXPLAIN (ANALYZE true, FORMAT JSON) INSERT INTO audit (note) VALUES ('x')",
                "EXPLAIN (FORMAT JSON, ANALYZE on) DELETE FROM audit",
                "EXPLAIN ANALYZE SELECT nextval('tickets')",
                "explain analyse select 1",
                "REFRESH MATERIALIZED VIEW totals",
                "VACUUM accounts",
                "ANALYZE accounts",
                "REINDEX TABLE accounts",
                "CLUSTER accounts USING accounts_pkey",
                "CHECKPOINT",
                "LOCK TABLE accounts IN ACCESS EXCLUSIVE MODE",
                "CALL noop()");
    }

    private static List<String> sideEffectFunctions() {
        return List.of(
                "SELECT nextval('tickets')",
                "SELECT setval('tickets', 1000)",
                "SELECT nextval('accounts_id_seq')",
                "SELECT * FROM accounts WHERE id = nextval('tickets')",
                "SELECT \"nextval\"('tickets')",
                "SELECT pg_catalog.nextval('tickets')",
                "SELECT NEXTVAL ( 'tickets' )",
                "SELECT nextval/**/('tickets')",
                "VALUES (nextval('tickets'))",
                "SELECT ARRAY(SELECT nextval('tickets') FROM generate_series(1, 3))",
                "SELECT txid_current()",
                "SELECT pg_current_xact_id()",
                "SELECT pg_advisory_lock(42)",
                "SELECT pg_advisory_lock_shared(42)",
                "SELECT pg_try_advisory_lock(42)",
                "SELECT pg_advisory_xact_lock(42)",
                "SELECT id FROM accounts WHERE pg_try_advisory_lock(id)",
                "SELECT 1 FROM accounts WHERE owner = 'x' OR pg_advisory_lock(9) IS NULL",
                "SELECT pg_sleep(0), pg_advisory_lock(5)",
                "SELECT * FROM accounts FOR UPDATE",
                "SELECT * FROM accounts FOR SHARE NOWAIT",
                "SELECT * FROM (SELECT * FROM accounts FOR UPDATE) x",
                "SELECT * FROM accounts FOR NO KEY UPDATE",
                "SELECT * FROM accounts FOR KEY SHARE SKIP LOCKED",
                "SELECT query_to_xml('SELECT pg_advisory_lock(7)', true, false, '')",
                "SELECT * FROM ts_stat('SELECT to_tsvector(owner) FROM accounts')",
                "SELECT dblink_exec('dbname={DB}', 'DELETE FROM accounts')");
    }

    private static List<String> filesAndServer() {
        return List.of(
                "SELECT pg_read_file('/etc/passwd')",
                "SELECT pg_read_binary_file('/etc/hostname')",
                "SELECT pg_read_file('postgresql.auto.conf')",
                "SELECT * FROM pg_ls_dir('.')",
                "SELECT * FROM pg_ls_logdir()",
                "SELECT * FROM pg_ls_waldir()",
                "SELECT pg_stat_file('PG_VERSION')",
                "SELECT count(*) FROM accounts, LATERAL pg_ls_dir('.') f",
                "SELECT * FROM ROWS FROM (pg_ls_dir('.'))",
                "SELECT lo_import('/etc/hostname')",
                "SELECT lo_export(lo_from_bytea(0, 'x'), '{FILE}')",
                "SELECT lo_create(0)",
                "SELECT lo_from_bytea(0, 'secret')",
                "SELECT (SELECT lo_import('/etc/hostname'))",
                "COPY accounts TO '{FILE}'",
                "COPY accounts TO PROGRAM 'touch {FILE}'",
                "COPY (SELECT 1) TO PROGRAM 'touch {FILE}'",
                "COPY accounts FROM PROGRAM 'echo 9,x,1'",
                "copy accounts to stdout",
                "DO $$ BEGIN EXECUTE 'DELETE FROM accounts'; END $$",
                "DO $$ BEGIN PERFORM pg_advisory_lock(1); END $$",
                "LOAD 'auto_explain'",
                "SELECT pg_terminate_backend({VICTIM})",
                "SELECT pg_cancel_backend({VICTIM})",
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = {VICTIM}",
                "SELECT pg_reload_conf()",
                "SELECT pg_rotate_logfile()",
                "SELECT pg_stat_reset()",
                "SELECT pg_notify('gaby_victim', 'pwned')",
                "NOTIFY gaby_victim, 'pwned'",
                "SELECT pg_create_physical_replication_slot('gaby_evil')",
                "SELECT pg_switch_wal()",
                "SELECT pg_logical_emit_message(false, 'gaby', 'x')");
    }

    private static List<String> lexerTricks() {
        return List.of(
                "SELECT U&\"pg\\005fread\\005ffile\"('/etc/passwd')",
                "SELECT \"pg_read_file\"('/etc/passwd')",
                "SELECT pg_catalog . pg_read_file ( '/etc/passwd' )",
                "SELECT 1 WHERE false AND pg_read_file('/etc/passwd') IS NULL",
                "SELECT $q$ $$ $q$, nextval('tickets')",
                "SELECT 'it''s', pg_advisory_lock(3)",
                "SELECT E'\\'', pg_advisory_lock(4)",
                "SELECT 'a\\'; DELETE FROM accounts; --'",
                "/* comment */ DELETE FROM accounts WHERE id = 1",
                "-- line\nDELETE FROM accounts WHERE id = 1",
                "SELECT 1 /* unterminated",
                "SELECT 'unterminated",
                "SELECT $tag$ unterminated $tagx$",
                "SELECT 1 -- comment ends at CR\r; DELETE FROM accounts",
                "SELECT\u00a01; DELETE FROM accounts",
                "SELECT {fn user()}",
                "SELECT U&'\\0041' UESCAPE '!'");
    }
}
