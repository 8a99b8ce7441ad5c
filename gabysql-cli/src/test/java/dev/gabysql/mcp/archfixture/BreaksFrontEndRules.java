package dev.gabysql.mcp.archfixture;

import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.server.GabyServer;
import java.sql.Connection;

/** Breaks the front-end rules on purpose, for {@code ArchitectureRulesBiteTest}: JDBC, the service, the server. */
public final class BreaksFrontEndRules {
    Connection connection;
    LocalGabyService service;
    GabyServer server;
}
