package dev.gabysql.core.service;

import dev.gabysql.core.testing.TestDatabases;
import java.nio.file.Path;

/** Replicas sharing a state database, in front of one SQLite file. */
class SqliteSharedStateTest extends SharedStateContractTest {
    @Override
    protected String createFixture(Path dir) {
        return "jdbc:sqlite:" + TestDatabases.sqliteFile(dir, "shop", Fixtures.sqlite());
    }
}
