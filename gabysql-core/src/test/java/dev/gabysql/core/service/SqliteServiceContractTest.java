package dev.gabysql.core.service;

import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class SqliteServiceContractTest extends ServiceContractTest {
    @TempDir
    Path dir;

    @Override
    protected String createFixture() {
        Path file = TestDatabases.sqliteFile(dir, "shop", Fixtures.sqlite());
        return "jdbc:sqlite:" + file;
    }

    @Override
    protected String slowQuery(int seconds) {
        return "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n";
    }

    @Override
    protected String dialectId() {
        return "sqlite";
    }
}
