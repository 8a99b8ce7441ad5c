package dev.gabysql.core.curated;

import java.util.List;

/**
 * One {@code [[tools]]} entry of {@code gabysql.toml} as written (docs/configuration.md#curated-tools): not yet
 * checked against its database, which {@link CuratedTools#prepare} does at start-up. Immutable.
 *
 * @param name        the tool's name in every front end (MCP tool, {@code POST /tools/{name}}, {@code \tool name})
 * @param description what the model reads about it
 * @param db          the catalog name of the database it runs on
 * @param access      whether it reads or writes
 * @param sql         one statement with {@code :name} parameters
 * @param params      its parameters, in the order the tool's schema lists them
 * @param where       where the file declares it ({@code tools[0]}), for start-up errors
 */
public record CuratedTool(
        String name,
        String description,
        String db,
        Access access,
        String sql,
        List<CuratedParam> params,
        String where) {
    public CuratedTool {
        params = List.copyOf(params);
    }

    /** Whether a tool reads (the read path: capped rows) or writes (preview, then approval). */
    public enum Access {
        READ,
        WRITE
    }

    /** The parameter of this name, or null. */
    public CuratedParam param(String paramName) {
        for (CuratedParam p : params) {
            if (p.name().equals(paramName)) {
                return p;
            }
        }
        return null;
    }

    /** {@code tools[0] (`name`)}: how a start-up error names it. */
    String label() {
        return "`" + where + "` (`" + name + "`)";
    }
}
