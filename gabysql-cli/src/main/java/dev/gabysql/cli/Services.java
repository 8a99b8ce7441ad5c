package dev.gabysql.cli;

import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.service.LocalGabyService;
import dev.gabysql.server.client.RemoteGabyService;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens the service a command runs on: the local one over the catalog the options describe, or, for
 * {@code gabysql mcp --server URL}, the remote one of the gateway (docs/design.md#the-gateway). This is the one
 * place of the CLI that builds a {@link GabyService}; the commands, the shell and the MCP and HTTP front ends only
 * call it. Stateless.
 */
final class Services {
    private static final Logger LOG = LoggerFactory.getLogger(Services.class);

    /** Beyond the statement timeout: the server's own work and the trip over the network. */
    private static final Duration SLACK = Duration.ofSeconds(30);

    private Services() {}

    /**
     * The local service over the catalog and settings of {@code common}, for the process that runs {@code gabysql
     * <command>}, which labels its database sessions (docs/design.md#session-labels).
     */
    static LocalGabyService local(CommonOptions common, String command) {
        return new LocalGabyService(common.catalog(), common.settings().withCommand(command));
    }

    /**
     * The local service of {@code gabysql approve}: mode admin unless {@code --mode} says less, so that an approved
     * write commits under the mode its preview recorded, capped only by its database's {@code max_mode} (the
     * service caps the recorded mode by this process's, docs/design.md#approval). The file's {@code [server] mode}
     * was already applied when the write was previewed.
     */
    static LocalGabyService approver(CommonOptions common) {
        Settings s = common.settings();
        Mode cap = common.mode != null ? s.mode() : Mode.ADMIN;
        return new LocalGabyService(common.catalog(), s.withMode(cap).withCommand("approve"));
    }

    /**
     * The local service for a long-running front end (serve): the least-privilege check (layer 1) of every
     * readonly database starts at once in the background ({@link #checkPrivilegesInBackground}).
     */
    static LocalGabyService localCheckingPrivileges(CommonOptions common, String command) {
        LocalGabyService service = local(common, command);
        reportTransport(service);
        checkPrivilegesInBackground(service);
        return service;
    }

    /**
     * Runs the least-privilege check (layer 1) of every readonly database in the background
     * ({@link #reportPrivileges}).
     */
    static void checkPrivilegesInBackground(LocalGabyService service) {
        Thread t = new Thread(() -> reportPrivileges(service), "gabysql-privilege-check");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /**
     * The least-privilege check (layer 1) of every readonly database, reported on stderr;
     * {@code gabysql_list_databases} shows the same warnings once known. It connects to each database.
     */
    static void reportPrivileges(LocalGabyService service) {
        report(service.checkLeastPrivilege());
    }

    /**
     * Says on stderr which databases are reached over the network without encryption or without verifying the
     * server, or through an SSH host whose key is not checked (docs/configuration.md#verified-tls);
     * {@code gabysql_list_databases} lists the same warnings. It connects to nothing.
     */
    static void reportTransport(LocalGabyService service) {
        report(service.transportWarnings());
    }

    /**
     * The gateway's service: databases come from the server only, so catalog options are refused rather than
     * silently ignored; {@code --mode} and {@code --timeout} apply.
     */
    static GabyService remote(URI server, String token, CommonOptions common) {
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

    private static void report(Map<String, String> warnings) {
        warnings.forEach((db, w) -> LOG.warn("database `{}`: {}", db, w));
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
