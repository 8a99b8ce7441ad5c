package dev.gabysql.core.guard;

import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The adversarial contract on a real SQLite file: the snapshot is the file's bytes and its directory. */
class SqliteReadOnlyAdversarialTest extends ReadOnlyAdversarialTest {
    private Path file;

    @Override
    protected String createDatabase(Path dir) {
        file = TestDatabases.sqliteFile(
                dir,
                "bank",
                "CREATE TABLE accounts (id INTEGER PRIMARY KEY, owner TEXT NOT NULL, balance REAL NOT NULL)",
                "INSERT INTO accounts (owner, balance) VALUES ('ana', 100), ('bo', 250), ('cy', 75)",
                "CREATE TABLE docs (id INTEGER PRIMARY KEY, body TEXT)",
                "INSERT INTO docs VALUES (1, '{\"a\":1,\"tags\":[\"x\",\"y\"]}'), (2, '{\"a\":2}')",
                "CREATE VIEW rich AS SELECT * FROM accounts WHERE balance > 80",
                "CREATE INDEX accounts_owner ON accounts (owner)",
                "PRAGMA user_version = 7");
        return "jdbc:sqlite:" + file;
    }

    @Override
    protected Map<String, Object> snapshot() throws Exception {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put(
                "file sha-256",
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file))));
        try (Stream<Path> files = Files.list(file.getParent())) {
            s.put("files", files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList()));
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement st = c.createStatement()) {
            s.put(
                    "schema",
                    one(
                            st,
                            "SELECT group_concat(type || ':' || name || ':' || coalesce(sql, ''), '|')"
                                    + " FROM (SELECT * FROM sqlite_master ORDER BY name)"));
            s.put(
                    "accounts",
                    one(
                            st,
                            "SELECT count(*) || ':' || group_concat(id || owner || balance)"
                                    + " FROM (SELECT * FROM accounts ORDER BY id)"));
            s.put("user_version", one(st, "PRAGMA user_version"));
            s.put("journal_mode", one(st, "PRAGMA journal_mode"));
        }
        return s;
    }

    private static String one(Statement st, String sql) throws Exception {
        try (ResultSet rs = st.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    @Override
    protected List<String> sessionProbes() {
        // the temp schema appears on first use, so attached databases are counted apart from main and temp
        return List.of(
                "PRAGMA query_only",
                "PRAGMA foreign_keys",
                "PRAGMA user_version",
                "SELECT count(*) FROM pragma_database_list WHERE name NOT IN ('main', 'temp')",
                "SELECT count(*) FROM sqlite_temp_master");
    }

    @Override
    protected int minimumAttacks() {
        return 60;
    }

    @Override
    protected List<String> rawWrites() {
        return List.of(
                "INSERT INTO accounts (owner, balance) VALUES ('mallory', 1)",
                "UPDATE accounts SET balance = 0",
                "DELETE FROM accounts",
                "DROP TABLE accounts",
                "CREATE TABLE pwned (a)",
                "PRAGMA user_version = 99",
                "ATTACH DATABASE '{FILE}' AS evil",
                "SELECT load_extension('{FILE}')",
                "VACUUM");
    }

    @Override
    protected List<String> reads() {
        return List.of(
                "SELECT owner, balance, rank() OVER (ORDER BY balance DESC) FROM accounts",
                "SELECT owner, sum(balance) OVER (PARTITION BY owner ORDER BY id) FROM accounts",
                "WITH r AS (SELECT * FROM accounts WHERE balance > 80) SELECT count(*) FROM r",
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10) SELECT sum(i) FROM n",
                "SELECT json_extract(body, '$.a'), json_extract(body, '$.tags[0]') FROM docs",
                "SELECT d.id, j.value FROM docs d, json_each(d.body, '$.tags') j",
                "SELECT body ->> '$.a' FROM docs",
                "SELECT * FROM rich",
                "SELECT [owner], `balance`, \"id\" FROM [accounts]",
                "SELECT 'DROP TABLE accounts; --' AS s, ';' AS t, 'a\\' AS u",
                "SELECT 1 /* ; DELETE FROM accounts */ -- ; DELETE",
                "VALUES (1, 'a'), (2, 'b')",
                "SELECT a.owner FROM accounts a JOIN (SELECT id FROM accounts WHERE balance > 50) b ON a.id = b.id",
                "SELECT count(*) FROM accounts WHERE owner IN (SELECT owner FROM accounts WHERE balance < 200)",
                "PRAGMA table_info(accounts)",
                "PRAGMA integrity_check",
                "PRAGMA index_list('accounts')",
                "SELECT * FROM pragma_table_info('accounts')",
                "EXPLAIN QUERY PLAN SELECT * FROM accounts WHERE owner = 'ana'",
                "EXPLAIN SELECT * FROM accounts",
                "SELECT * FROM accounts;",
                "SELECT * FROM accounts WHERE owner = ?1 OR owner = :name OR owner = @n OR owner = $v");
    }

    @Override
    protected List<String> attacks() {
        return List.of(
                // more than one statement, transaction control
                "COMMIT; DROP TABLE accounts",
                "SELECT 1; DELETE FROM accounts",
                "SELECT 1 /* ; */ ; DELETE FROM accounts",
                "SELECT 'a\\'; DELETE FROM accounts; --'",
                "SELECT 1 -- x\n; DELETE FROM accounts",
                "BEGIN; DELETE FROM accounts; COMMIT",
                "BEGIN IMMEDIATE",
                "COMMIT",
                "ROLLBACK",
                "END TRANSACTION",
                "SAVEPOINT s",
                "RELEASE s",
                "SET x = 1",
                // plain writes
                "DELETE FROM accounts",
                "DELETE FROM accounts WHERE id = 1",
                "DELETE FROM accounts RETURNING *",
                "UPDATE accounts SET balance = 0 WHERE id = 1",
                "UPDATE accounts SET balance = 0 FROM (SELECT 1) WHERE accounts.id = 1",
                "INSERT INTO accounts (owner, balance) VALUES ('mallory', 1)",
                "INSERT INTO accounts DEFAULT VALUES",
                "INSERT OR REPLACE INTO accounts VALUES (1, 'mallory', 0)",
                "REPLACE INTO accounts VALUES (1, 'mallory', 0)",
                "/* c */ DELETE FROM accounts WHERE id = 1",
                "-- line\nDELETE FROM accounts WHERE id = 1",
                "(DELETE FROM accounts)",
                "WITH d AS (SELECT 1) DELETE FROM accounts",
                "WITH x AS (SELECT 1) INSERT INTO accounts (owner, balance) SELECT 'm', 1 FROM x",
                "WITH RECURSIVE d(x) AS (SELECT 1) UPDATE accounts SET balance = 0",
                // schema
                "DROP TABLE accounts",
                "DROP VIEW rich",
                "DROP INDEX accounts_owner",
                "ALTER TABLE accounts ADD COLUMN pwned",
                "ALTER TABLE accounts RENAME TO gone",
                "CREATE TABLE pwned (a)",
                "CREATE TEMP TABLE pwned (a)",
                "CREATE INDEX pwn ON accounts (balance)",
                "CREATE TRIGGER pwn AFTER INSERT ON accounts BEGIN DELETE FROM accounts; END",
                "CREATE VIEW pwn AS SELECT 1",
                "CREATE VIRTUAL TABLE f USING fsdir",
                "SELECT * INTO pwned FROM accounts",
                // other files and connections
                "ATTACH DATABASE '{FILE}' AS evil",
                "ATTACH '{FILE}' AS evil",
                "ATTACH 'file:{FILE}?mode=rwc' AS evil",
                "DETACH DATABASE main",
                "VACUUM",
                "VACUUM INTO '{FILE}'",
                "VACUUM main INTO '{FILE}'",
                "ANALYZE",
                "REINDEX",
                // pragmas that set
                "PRAGMA query_only = 0",
                "PRAGMA query_only = OFF",
                "PRAGMA query_only(0)",
                "PRAGMA user_version = 99",
                "PRAGMA main.user_version = 1",
                "PRAGMA application_id = 7",
                "PRAGMA journal_mode = WAL",
                "PRAGMA journal_mode = DELETE",
                "PRAGMA writable_schema = ON",
                "PRAGMA foreign_keys = OFF",
                "PRAGMA schema_version = 1",
                "PRAGMA optimize",
                "PRAGMA wal_checkpoint(TRUNCATE)",
                "PRAGMA incremental_vacuum",
                "PRAGMA secure_delete = 1",
                "PRAGMA cache_size = 1",
                "PRAGMA locking_mode = EXCLUSIVE",
                "PRAGMA recursive_triggers = 1",
                // side-effect functions
                "SELECT load_extension('{FILE}')",
                "SELECT load_extension('/usr/lib/sqlite3/pcre.so')",
                "SELECT \"load_extension\"('x')",
                "SELECT [load_extension]('x')",
                "SELECT `load_extension`('x')",
                "SELECT * FROM accounts WHERE 1 = (SELECT load_extension('x'))",
                "SELECT readfile('/etc/passwd')",
                "SELECT writefile('{FILE}', 'x')",
                "SELECT edit('x', 'touch {FILE}')",
                "SELECT fts3_tokenizer('simple', x'0000000000000000')",
                "SELECT * FROM fsdir('/etc')",
                // the lexer failing closed
                "SELECT 1 /* unterminated",
                "SELECT 'unterminated",
                "SELECT [unterminated",
                "SELECT {fn user()}");
    }
}
