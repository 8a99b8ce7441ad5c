package dev.gabysql.cli;

import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.client.RemoteGabyService;
import java.net.URI;
import java.time.Duration;

/**
 * {@code gabysql mcp --server URL}: the service of the gateway (docs/design.md#the-gateway). Databases come from the
 * server only, so catalog options are refused rather than silently ignored; {@code --mode} and {@code --timeout} apply.
 */
final class Gateway {
    /** Beyond the statement timeout: the server's own work and the trip over the network. */
    private static final Duration SLACK = Duration.ofSeconds(30);

    private Gateway() {}

    static GabyService open(URI server, String token, CommonOptions common) {
        if (!common.dbs.isEmpty() || common.demo || common.config != null) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "--server takes its databases from the server;" + " --db, --demo and --config do not apply.",
                    "Drop them, or drop --server to open databases here.");
        }
        String scheme = server.getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "--server must be an http:// or https:// URL, got `" + server + "`.",
                    "For example: --server http://127.0.0.1:7878.");
        }
        Settings settings = common.settings();
        return new RemoteGabyService(
                server,
                blankToNull(token),
                settings.mode(),
                settings.limits().statementTimeout().plus(SLACK));
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
