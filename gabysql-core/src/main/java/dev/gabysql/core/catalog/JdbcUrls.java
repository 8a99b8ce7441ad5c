package dev.gabysql.core.catalog;

import java.util.regex.Pattern;

/** Masks secrets in JDBC URLs so that they can be logged and shown. */
public final class JdbcUrls {
    // password=..., pwd=..., sslpassword=... in query strings or property lists (; or & separated)
    private static final Pattern PASSWORD_PARAM = Pattern.compile("(?i)((?:ssl)?password|pwd|secret|token)=([^&;]*)");
    // user:password@host in URL authorities
    private static final Pattern USERINFO = Pattern.compile("(//[^/:@?]+):([^@/?]*)@");

    // user=... and password=... in query strings or property lists, with the separator after them
    private static final Pattern LOGIN_PARAM = Pattern.compile("(?i)(?<=[?&;])(?:user|password)=[^&;]*[&;]?");
    // user@ or user:password@ in URL authorities
    private static final Pattern ANY_USERINFO = Pattern.compile("//[^/@?]+@");

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

    public static String mask(String url) {
        if (url == null) {
            return null;
        }
        String masked = PASSWORD_PARAM.matcher(url).replaceAll("$1=***");
        return USERINFO.matcher(masked).replaceAll("$1:***@");
    }
}
