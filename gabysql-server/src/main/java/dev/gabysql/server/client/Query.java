package dev.gabysql.server.client;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** A query string built from the parameters that are set (nulls are left out), percent-encoded. */
final class Query {
    private final StringBuilder sb = new StringBuilder();

    Query add(String name, String value) {
        if (value != null) {
            sb.append(sb.length() == 0 ? '?' : '&')
                    .append(encode(name))
                    .append('=')
                    .append(encode(value));
        }
        return this;
    }

    /** Percent-encoding fit for a path segment as well as a query value (space as %20, not +). */
    static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}
