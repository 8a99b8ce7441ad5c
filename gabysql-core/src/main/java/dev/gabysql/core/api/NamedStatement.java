package dev.gabysql.core.api;

import java.util.List;

/**
 * A statement written with named parameters ({@code :name}) as the service runs it: each placeholder replaced by
 * {@code ?}, and the name of each {@code ?} in order, so that values are bound by the driver and never pasted into
 * the SQL (docs/configuration.md#curated-tools). A name used twice has two places.
 *
 * @param sql   the statement with {@code ?} placeholders
 * @param names the parameter name of each {@code ?}, in the order they appear
 */
public record NamedStatement(String sql, List<String> names) {
    public NamedStatement {
        names = List.copyOf(names);
    }
}
