package dev.gabysql.core.catalog;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks secrets in JDBC URLs so that they can be logged and shown, and reads or replaces the server address of a
 * URL of the {@code jdbc:SUBPROTOCOL://host[:port]/…} shape (PostgreSQL's, MariaDB's, MySQL's).
 */
public final class JdbcUrls {
    // password=..., pwd=..., sslpassword=... in query strings or property lists (; or & separated)
    private static final Pattern PASSWORD_PARAM = Pattern.compile("(?i)((?:ssl)?password|pwd|secret|token)=([^&;]*)");
    // user:password@host in URL authorities
    private static final Pattern USERINFO = Pattern.compile("(//[^/:@?]+):([^@/?]*)@");

    // user=... and password=... in query strings or property lists, with the separator after them
    private static final Pattern LOGIN_PARAM = Pattern.compile("(?i)(?<=[?&;])(?:user|password)=[^&;]*[&;]?");
    // user@ or user:password@ in URL authorities
    private static final Pattern ANY_USERINFO = Pattern.compile("//[^/@?]+@");
    // jdbc:subprotocol://authority/rest: the authority ends at the first '/', '?' or ';'
    private static final Pattern SERVER_URL = Pattern.compile("(jdbc:[A-Za-z0-9]+:(?:[A-Za-z0-9:]*)?//)([^/?;]*)(.*)");

    private JdbcUrls() {}

    /**
     * The URL without the user and password it names, so that a login given beside it is the one the driver uses
     * (pgJDBC lets the URL's {@code user} win over the properties HikariCP passes).
     */
    public static String withoutLogin(String url) {
        String u = LOGIN_PARAM.matcher(url).replaceAll("");
        u = u.replaceAll("[?&;]$", "");
        return ANY_USERINFO.matcher(u).replaceAll("//");
    }

    /**
     * The server address of a {@code jdbc:…://host[:port]/…} URL as host and port ({@code defaultPort} when the URL
     * names none), or null when the URL is not of that shape or names several hosts (a failover list).
     */
    public static HostPort server(String url, int defaultPort) {
        String authority = authority(url);
        if (authority == null || authority.isEmpty() || authority.contains(",")) {
            return null;
        }
        int at = authority.lastIndexOf('@');
        String hostPort = authority.substring(at + 1);
        String host;
        String port = null;
        if (hostPort.startsWith("[")) { // [IPv6]:port
            int close = hostPort.indexOf(']');
            if (close < 0) {
                return null;
            }
            host = hostPort.substring(1, close);
            if (hostPort.length() > close + 1 && hostPort.charAt(close + 1) == ':') {
                port = hostPort.substring(close + 2);
            }
        } else {
            int colon = hostPort.indexOf(':');
            host = colon < 0 ? hostPort : hostPort.substring(0, colon);
            port = colon < 0 ? null : hostPort.substring(colon + 1);
        }
        if (host.isEmpty()) {
            return null;
        }
        try {
            return new HostPort(host, port == null || port.isEmpty() ? defaultPort : Integer.parseInt(port));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The URL with its server address replaced by {@code host:port} (user info in the authority is kept). */
    public static String withServer(String url, String host, int port) {
        Matcher m = SERVER_URL.matcher(url);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a jdbc:…://host/ URL");
        }
        String authority = m.group(2);
        int at = authority.lastIndexOf('@');
        String userInfo = at < 0 ? "" : authority.substring(0, at + 1);
        String literal = host.contains(":") ? "[" + host + "]" : host;
        return m.group(1) + userInfo + literal + ":" + port + m.group(3);
    }

    private static String authority(String url) {
        Matcher m = url == null ? null : SERVER_URL.matcher(url);
        return m != null && m.matches() ? m.group(2) : null;
    }

    /**
     * Whether {@code host} is this machine's loopback: {@code localhost}, an address of 127.0.0.0/8 or {@code ::1},
     * as written (no name is resolved: a name that resolves to a loopback address counts as remote).
     */
    public static boolean isLoopback(String host) {
        String h = host.toLowerCase(java.util.Locale.ROOT);
        return h.equals("localhost")
                || h.endsWith(".localhost")
                || h.equals("::1")
                || h.equals("0:0:0:0:0:0:0:1")
                || h.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
    }

    /** A server's host and port. */
    public record HostPort(String host, int port) {
        @Override
        public String toString() {
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        }
    }

    public static String mask(String url) {
        if (url == null) {
            return null;
        }
        String masked = PASSWORD_PARAM.matcher(url).replaceAll("$1=***");
        return USERINFO.matcher(masked).replaceAll("$1:***@");
    }
}
