package dev.gabysql.cli;

import dev.gabysql.core.catalog.DatabaseConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A database given in the environment: {@code GABYSQL_DB_URL} (a JDBC URL or a SQLite file path), with optional
 * {@code GABYSQL_DB_NAME} (default {@code db}), {@code GABYSQL_DB_USER} and {@code GABYSQL_DB_PASSWORD}. It lets
 * MCP client configurations ({@code .mcp.json}, Claude Desktop) and containers keep the connection and its
 * password out of arguments and files. The password goes to the driver only; it is never printed.
 */
final class EnvDatabase {
    static final String URL = "GABYSQL_DB_URL";
    static final String NAME = "GABYSQL_DB_NAME";
    static final String USER = "GABYSQL_DB_USER";
    static final String PASSWORD = "GABYSQL_DB_PASSWORD";
    static final String DEFAULT_NAME = "db";

    private EnvDatabase() {}

    /** The database the environment describes, or an empty list when {@code GABYSQL_DB_URL} is unset or blank. */
    static List<DatabaseConfig> from(Map<String, String> env) {
        String url = blankToNull(env.get(URL));
        if (url == null) {
            return List.of();
        }
        String name = blankToNull(env.get(NAME));
        name = name == null ? DEFAULT_NAME : name;
        if (!url.startsWith("jdbc:")) {
            return List.of(DatabaseConfig.sqlite(name, Path.of(url)));
        }
        return List.of(DatabaseConfig.of(name, url)
                .user(blankToNull(env.get(USER)))
                .password(blankToNull(env.get(PASSWORD)))
                .build());
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
