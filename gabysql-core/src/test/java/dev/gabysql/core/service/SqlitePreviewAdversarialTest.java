package dev.gabysql.core.service;

import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SqlitePreviewAdversarialTest extends PreviewAdversarialTest {
    @Override
    protected String createFixture(Path dir) {
        return "jdbc:sqlite:" + TestDatabases.sqliteFile(dir, "shop", Fixtures.sqlite());
    }

    @Override
    protected String snapshot() {
        return String.valueOf(TestDatabasesScalar.scalar(
                url,
                "SELECT (SELECT group_concat(type || ':' || name"
                        + " || ':' || coalesce(sql, ''), '|') FROM (SELECT * FROM sqlite_schema ORDER BY name))"
                        + " || '#' || (SELECT count(*) || ':' || sum(qty) || ':' || group_concat(name) FROM items)"
                        + " || '#' || (SELECT count(*) || ':' || sum(length(payload)) FROM big)"
                        + " || '#' || (SELECT group_concat(name || '=' || seq) FROM sqlite_sequence)"
                        + " || '#' || (SELECT user_version FROM pragma_user_version)"
                        + " || '#' || (SELECT journal_mode FROM pragma_journal_mode)"));
    }

    @ParameterizedTest
    @MethodSource({"common", "sqlite"})
    void nothingChangesAfterAPreview(String sql) {
        attack(sql);
    }

    static Stream<String> sqlite() {
        return Stream.of(
                "ATTACH DATABASE 'evil.db' AS evil",
                "ATTACH 'file:evil2.db?mode=rwc' AS e",
                "DETACH DATABASE main",
                "SELECT load_extension('/tmp/evil.so')",
                "PRAGMA user_version = 42",
                "PRAGMA journal_mode = DELETE",
                "PRAGMA foreign_keys = OFF",
                "PRAGMA writable_schema = ON",
                "VACUUM",
                "VACUUM INTO 'copy.db'",
                "REINDEX",
                "ANALYZE",
                "REPLACE INTO items (id, name, qty) VALUES (1, 'replaced', 0)",
                "INSERT OR REPLACE INTO items (id, name, qty) VALUES (2, 'replaced', 0)",
                "INSERT INTO items (id, name, qty) VALUES (1, 'x', 0) ON CONFLICT(id) DO UPDATE SET qty = 0",
                "CREATE TRIGGER evil AFTER INSERT ON items BEGIN DELETE FROM big; END",
                "CREATE TEMP TABLE t AS SELECT * FROM items",
                "UPDATE sqlite_sequence SET seq = 0",
                "DELETE FROM sqlite_sequence",
                "WITH x AS (SELECT 1) DELETE FROM items WHERE id = 7",
                "UPDATE items SET qty = 0 WHERE id = 1 RETURNING *",
                "DROP TABLE IF EXISTS items");
    }
}
