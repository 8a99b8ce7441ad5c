package dev.gabysql.core.catalog;

import java.util.regex.Pattern;

/** Masks secrets in JDBC URLs so that they can be logged and shown. */
public final class JdbcUrls {
    // password=..., pwd=..., sslpassword=... in query strings or property lists (; or & separated)
    private static final Pattern PASSWORD_PARAM = Pattern.compile("(?i)((?:ssl)?password|pwd|secret|token)=([^&;]*)");
    // user:password@host in URL authorities
    private static final Pattern USERINFO = Pattern.compile("(//[^/:@?]+):([^@/?]*)@");

    private JdbcUrls() {}

    public static String mask(String url) {
        if (url == null) {
            return null;
        }
        String masked = PASSWORD_PARAM.matcher(url).replaceAll("$1=***");
        return USERINFO.matcher(masked).replaceAll("$1:***@");
    }
}
