package dev.gabysql.core.dialect.mariadb;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns a configured {@code jdbc:mariadb:} or {@code jdbc:mysql:} URL into the one gabysql connects with. The MySQL
 * scheme is rewritten to the MariaDB one (Connector/J serves both; the rewrite also keeps a MySQL driver that may be
 * on the class path from claiming the URL), and the options gabysql's safety depends on are forced whatever the URL
 * said: a configured {@code allowMultiQueries=true} must not let a second statement reach the server. Stateless.
 */
final class MariaDbUrls {
    static final String MARIADB = "jdbc:mariadb:";
    static final String MYSQL = "jdbc:mysql:";

    /** Forced options, each with why. Keys are matched case-insensitively when removed from the URL. */
    private static final Map<String, String> FORCED = Map.of(
            // one statement per round trip in the engine too (layer 2 under the guard's one-statement rule)
            "allowMultiQueries", "false",
            // LOAD DATA LOCAL INFILE would make the server read files from gabysql's machine
            "allowLocalInfile", "false",
            // Connection.reset() sends COM_RESET_CONNECTION: user variables, GET_LOCK locks, temporary tables and
            // session variables do not survive a return to the pool
            "useResetConnection", "true",
            // after a reset the driver restores this, so a pooled connection never falls back to autocommit
            "autocommit", "false",
            // with a multi-host URL (sequential, loadbalance: a Galera cluster), a transaction cut by a failover
            // must fail, not be replayed on the next host: the replay of a commit whose answer was lost would commit
            // it twice (docs/deploy.md#galera-cluster)
            "transactionReplay", "false",
            "connectTimeout", "5000");

    /**
     * Defaults, used only when the URL does not set the option; both matter for multi-host URLs only (a Galera
     * cluster, docs/deploy.md#galera-cluster). {@code retriesAllDown}: when every host is down, Connector/J retries
     * this many times, 250 ms apart (its default, 120, holds a call for 30 s); 20 ends within gabysql's own wait for
     * a connection. {@code deniedListTimeout}: a host that failed is skipped for this long (the driver's default is
     * 60 s); while every host is denied the driver retries only the one denied first, so a node that comes back
     * (the survivor of a cluster made primary again) would go untried for a minute. 1 s still spares a burst of new
     * connections the wait on a dead host.
     */
    private static final Map<String, String> DEFAULTS = Map.of("retriesAllDown", "20", "deniedListTimeout", "1000");

    /** Shown in performance_schema.session_connect_attrs: the program; forced too (a URL's own would be replaced). */
    private static final String CONNECTION_ATTRIBUTES = "connectionAttributes";

    /** Options removed without replacement: the scheme rewrite makes this one meaningless. */
    private static final Set<String> DROPPED = Set.of("permitmysqlscheme");

    private MariaDbUrls() {}

    static boolean handles(String url) {
        return url != null && (url.startsWith(MARIADB) || url.startsWith(MYSQL));
    }

    /** {@link #forConnecting(String, String)} for the program {@code gabysql}. */
    static String forConnecting(String url) {
        return forConnecting(url, "gabysql");
    }

    /**
     * The URL gabysql connects with: MariaDB scheme, the caller's options minus the forced ones, then ours, with
     * {@code program} as the {@code program_name} connection attribute (performance_schema.session_connect_attrs;
     * docs/design.md#session-labels), spaces as dashes.
     */
    static String forConnecting(String url, String program) {
        String rest = url.startsWith(MYSQL) ? url.substring(MYSQL.length()) : url.substring(MARIADB.length());
        int q = rest.indexOf('?');
        String base = q < 0 ? rest : rest.substring(0, q);
        List<String> options = new ArrayList<>();
        if (q >= 0) {
            for (String option : rest.substring(q + 1).split("&")) {
                if (!option.isEmpty() && !isControlled(option)) {
                    options.add(option);
                }
            }
        }
        for (Map.Entry<String, String> d : DEFAULTS.entrySet()) {
            if (!hasOption(options, d.getKey())) {
                options.add(d.getKey() + "=" + d.getValue());
            }
        }
        Map<String, String> forced = new java.util.TreeMap<>(FORCED);
        forced.put(CONNECTION_ATTRIBUTES, "program_name:" + program.replaceAll("[^A-Za-z0-9._-]", "-"));
        forced.forEach((k, v) -> options.add(k + "=" + v));
        return MARIADB + base + "?" + String.join("&", options);
    }

    /** A plain loop, no lambda: this runs on a session's path, inside the launcher's start-up archive (LauncherIT). */
    private static boolean hasOption(List<String> options, String key) {
        for (String o : options) {
            if (keyOf(o).equalsIgnoreCase(key)) {
                return true;
            }
        }
        return false;
    }

    private static String keyOf(String option) {
        int eq = option.indexOf('=');
        return (eq < 0 ? option : option.substring(0, eq)).toLowerCase(Locale.ROOT);
    }

    private static boolean isControlled(String option) {
        String key = keyOf(option);
        return DROPPED.contains(key)
                || CONNECTION_ATTRIBUTES.equalsIgnoreCase(key)
                || FORCED.keySet().stream().anyMatch(k -> k.equalsIgnoreCase(key));
    }
}
