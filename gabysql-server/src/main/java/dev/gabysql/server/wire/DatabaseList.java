package dev.gabysql.server.wire;

import dev.gabysql.core.api.DatabaseInfo;
import java.util.List;

/**
 * The answer of {@code GET /databases}: the catalog as this caller sees it, and the highest mode any of its calls
 * could get (the server's mode capped by the token's), which lets the gateway hide write tools it could never use.
 */
public record DatabaseList(List<DatabaseInfo> databases, String highestMode) {}
