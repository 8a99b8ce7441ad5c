package dev.gabysql.core.dialect.internal;

import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.catalog.JdbcUrls;
import java.util.Locale;

/**
 * What protects a server database's connection on the network, as its dialect reads the configuration (the
 * {@code tls} setting, else the URL's own option, else the driver's default), and the start-up warning for a
 * remote host that is not encrypted or not verified (docs/configuration.md#verified-tls). A loopback host
 * ({@link JdbcUrls#isLoopback}) is never warned about; through an SSH tunnel, the leg from the SSH host to the
 * database is what the warning is about. Stateless.
 */
public final class Transport {
    /** How far a connection is protected. */
    public enum Protection {
        /** No encryption. */
        PLAIN("is not encrypted: the password and every result cross the network in clear text"),
        /** Encrypted if the server offers it, never verified (PostgreSQL's default, sslmode=prefer). */
        OPPORTUNISTIC("is encrypted only if the server offers it, and the server's certificate is not verified"),
        /** Encrypted, the certificate not checked. */
        UNVERIFIED("is encrypted, but the server's certificate is not verified: anyone on the path can pose as the"
                + " server"),
        /** Encrypted, signed by the CA, the host name not checked. */
        CA_ONLY("is encrypted and the certificate is signed by the CA, but it is not checked to be issued for the"
                + " host"),
        /** Encrypted and verified: signed by the CA for this host name. */
        VERIFIED(null);

        private final String words;

        Protection(String words) {
            this.words = words;
        }

        /** The protection a {@code tls} setting asks for. */
        public static Protection of(DatabaseConfig.Tls tls) {
            switch (tls) {
                case DISABLE:
                    return PLAIN;
                case REQUIRE:
                    return UNVERIFIED;
                case VERIFY_CA:
                    return CA_ONLY;
                default:
                    return VERIFIED;
            }
        }
    }

    private Transport() {}

    /**
     * The warning for a database whose connection has {@code protection}, or null: its host is loopback (or, through
     * a tunnel, loopback as the SSH host sees it), or the connection is verified. An SSH host whose key is not
     * checked is warned about too.
     */
    public static String warning(DatabaseConfig db, int defaultPort, Protection protection) {
        JdbcUrls.HostPort server = JdbcUrls.server(db.url(), defaultPort);
        StringBuilder out = new StringBuilder();
        if (db.ssh() != null && db.ssh().hostKeyChecking() == DatabaseConfig.HostKeyChecking.NO) {
            out.append("The SSH host ")
                    .append(db.ssh().host())
                    .append("'s key is not checked (strict_host_key_checking = \"no\"): anyone on the path can pose"
                            + " as it. ");
        }
        if (server != null && !JdbcUrls.isLoopback(server.host()) && protection.words != null) {
            out.append(
                            db.ssh() == null
                                    ? "The connection to "
                                    : "Between the SSH host and the database, the connection to ")
                    .append(server)
                    .append(' ')
                    .append(protection.words)
                    .append(". Set tls = \"verify-full\" and ca_file (docs/configuration.md#verified-tls).");
        }
        return out.length() == 0 ? null : out.toString().strip();
    }

    /**
     * The value of a URL option ({@code name=value} in the query string, the name matched without case), or null.
     */
    public static String urlOption(String url, String name) {
        int q = url.indexOf('?');
        if (q < 0) {
            return null;
        }
        for (String option : url.substring(q + 1).split("&")) {
            int eq = option.indexOf('=');
            if (eq > 0 && option.substring(0, eq).equalsIgnoreCase(name)) {
                return option.substring(eq + 1).toLowerCase(Locale.ROOT);
            }
        }
        return null;
    }
}
