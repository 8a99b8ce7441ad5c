package dev.gabysql.mcp;

import dev.gabysql.core.catalog.DatabaseConfig;
import java.nio.file.Path;

/** The tool contract on a real PostgreSQL database. */
final class PostgresToolsTest extends ToolsContractTest {
    @Override
    DatabaseConfig shop(Path dir) {
        return Shop.postgres();
    }
}
