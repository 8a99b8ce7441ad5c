package dev.gabysql.mcp;

import dev.gabysql.core.catalog.DatabaseConfig;
import java.nio.file.Path;

/** The tool contract on a SQLite file. */
final class SqliteToolsTest extends ToolsContractTest {
    @Override
    DatabaseConfig shop(Path dir) {
        return Shop.sqlite(dir);
    }
}
