package dev.gabysql.server.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps a method and a path such as {@code /databases/{db}/schema} to an endpoint. Segments in braces capture;
 * everything else matches exactly. Immutable once built; thread-safe.
 */
final class Router {
    private final List<Route> routes = new ArrayList<>();

    /** A matched route: the endpoint and the captured path segments. */
    record Match(Endpoint endpoint, Map<String, String> vars) {}

    private record Route(String method, String[] segments, Endpoint endpoint) {}

    Router add(String method, String pattern, Endpoint endpoint) {
        routes.add(new Route(method, split(pattern), endpoint));
        return this;
    }

    /** The route for the method and path, or null. */
    Match match(String method, String path) {
        String[] parts = split(path);
        for (Route r : routes) {
            Map<String, String> vars = r.method.equals(method) ? capture(r.segments, parts) : null;
            if (vars != null) {
                return new Match(r.endpoint, vars);
            }
        }
        return null;
    }

    /** The methods some route accepts on this path (empty: the path is unknown). */
    Set<String> allowedMethods(String path) {
        String[] parts = split(path);
        Set<String> methods = new LinkedHashSet<>();
        for (Route r : routes) {
            if (capture(r.segments, parts) != null) {
                methods.add(r.method);
            }
        }
        return methods;
    }

    private static Map<String, String> capture(String[] pattern, String[] parts) {
        if (pattern.length != parts.length) {
            return null;
        }
        Map<String, String> vars = new LinkedHashMap<>();
        for (int i = 0; i < pattern.length; i++) {
            String p = pattern[i];
            if (p.startsWith("{") && p.endsWith("}")) {
                vars.put(p.substring(1, p.length() - 1), parts[i]);
            } else if (!p.equals(parts[i])) {
                return null;
            }
        }
        return vars;
    }

    private static String[] split(String path) {
        String p = path.startsWith("/") ? path.substring(1) : path;
        return p.isEmpty() ? new String[0] : p.split("/", -1);
    }
}
