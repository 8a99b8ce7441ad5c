package dev.gabysql.core.service;

import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;

class SqliteWritePathTest extends WritePathContractTest {
    @Override
    protected String createFixture(Path dir) {
        return "jdbc:sqlite:" + TestDatabases.sqliteFile(dir, "shop", Fixtures.sqlite());
    }
}
