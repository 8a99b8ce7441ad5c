package dev.gabysql.core.service;

import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PostgresPreviewAdversarialTest extends PreviewAdversarialTest {
    /** One database for all cases: each case compares the state before and after itself. */
    private static String shared;

    @Override
    protected String createFixture(Path dir) {
        if (shared == null) {
            shared = TestDatabases.newPostgresDatabase();
            TestDatabases.run(shared, Fixtures.postgres());
            TestDatabases.run(shared, "CREATE SEQUENCE other_seq", "SELECT nextval('other_seq')");
        }
        return shared;
    }

    @Override
    protected String snapshot() {
        return String.valueOf(TestDatabasesScalar.scalar(
                url,
                "SELECT concat_ws('#',"
                        + " (SELECT string_agg(c.relkind::text || ':' || n.nspname || '.' || c.relname, '|' ORDER BY n.nspname,"
                        + " c.relname) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                        + " WHERE n.nspname NOT IN ('pg_catalog','information_schema','pg_toast')),"
                        + " (SELECT count(*) || ':' || sum(qty) || ':' || string_agg(name, ',' ORDER BY id) FROM items),"
                        + " (SELECT count(*) || ':' || sum(length(payload)) FROM big),"
                        + " (SELECT string_agg(sequencename || '=' || coalesce(last_value, -1), ',' ORDER BY sequencename)"
                        + " FROM pg_sequences),"
                        + " (SELECT string_agg(rolname, ',' ORDER BY rolname) FROM pg_roles),"
                        + " (SELECT count(*) FROM pg_db_role_setting),"
                        + " (SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension),"
                        + " (SELECT count(*) FROM pg_largeobject_metadata),"
                        + " (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'),"
                        + " (SELECT count(*) FROM pg_prepared_xacts),"
                        + " (SELECT count(*) FROM pg_replication_slots),"
                        + " (SELECT string_agg(proname, ',' ORDER BY proname) FROM pg_proc p JOIN pg_namespace n"
                        + " ON n.oid = p.pronamespace WHERE n.nspname = 'public'))"));
    }

    @ParameterizedTest
    @MethodSource({"common", "postgres"})
    void nothingChangesAfterAPreview(String sql) {
        attack(sql);
    }

    static Stream<String> postgres() {
        return Stream.of(
                "SELECT nextval('other_seq')",
                "SELECT setval('other_seq', 1000)",
                "INSERT INTO items (name, qty) VALUES ('x', nextval('other_seq'))",
                "ALTER SEQUENCE other_seq RESTART WITH 500",
                "TRUNCATE items, big",
                "TRUNCATE items RESTART IDENTITY CASCADE",
                "CREATE ROLE evil SUPERUSER",
                "ALTER ROLE postgres SET work_mem = '1GB'",
                "ALTER DATABASE postgres SET statement_timeout = 0",
                "ALTER SYSTEM SET max_connections = 1",
                "SET statement_timeout = 0",
                "SELECT set_config('statement_timeout', '0', false)",
                "RESET ALL",
                "CREATE EXTENSION IF NOT EXISTS pgcrypto",
                "SELECT lo_import('/etc/passwd')",
                "SELECT lo_create(0)",
                "SELECT pg_advisory_lock(1)",
                "SELECT pg_advisory_xact_lock(1)",
                "COPY items TO PROGRAM 'touch /tmp/gaby_pwned'",
                "COPY items FROM PROGRAM 'echo 1'",
                "COPY (SELECT 1) TO '/tmp/gaby_copy.txt'",
                "DO $$ BEGIN DELETE FROM items; END $$",
                "CREATE FUNCTION evil() RETURNS int LANGUAGE sql AS 'DELETE FROM items RETURNING 1'",
                "CREATE OR REPLACE FUNCTION evil2() RETURNS void LANGUAGE plpgsql AS $$BEGIN COMMIT; END$$",
                "PREPARE TRANSACTION 'x'",
                "SELECT pg_create_logical_replication_slot('evil', 'test_decoding')",
                "VACUUM items",
                "VACUUM FULL",
                "CREATE INDEX CONCURRENTLY evil_cix ON items(qty)",
                "CREATE DATABASE evil_db",
                "WITH d AS (DELETE FROM items WHERE id < 5 RETURNING *) SELECT count(*) FROM d",
                "WITH u AS (UPDATE items SET qty = 0 RETURNING *) SELECT * FROM u",
                "INSERT INTO items (name, qty) VALUES ('a', 1) RETURNING id",
                "INSERT INTO items (id, name, qty) VALUES (1, 'x', 0) ON CONFLICT (id) DO UPDATE SET qty = 0",
                "MERGE INTO items t USING (SELECT 1 AS id) s ON t.id = s.id WHEN MATCHED THEN DELETE",
                "UPDATE items SET qty = 0 WHERE id = 1 RETURNING pg_advisory_lock(2)",
                "SELECT pg_terminate_backend(pg_backend_pid())",
                "LISTEN evil",
                "NOTIFY evil",
                "LOCK TABLE items IN ACCESS EXCLUSIVE MODE",
                "CALL nonexistent_proc()",
                "COMMENT ON TABLE items IS 'pwned'",
                "GRANT ALL ON items TO PUBLIC",
                "REFRESH MATERIALIZED VIEW nonexistent",
                "CLUSTER items USING items_pkey",
                "SECURITY LABEL ON TABLE items IS 'x'",
                "E'\\\\'; DROP TABLE items; --'",
                "SELECT 1; DROP TABLE items",
                "DELETE FROM items WHERE id = 1 $$; DROP TABLE big; $$");
    }
}
