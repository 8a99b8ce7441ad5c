package dev.gabysql.server.http;

import java.io.PrintStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.RequestLog;
import org.eclipse.jetty.server.Response;

/**
 * One line per request on stderr: time, method, path, status, duration, client address. Never headers (tokens),
 * never the query string or body (SQL, values). Installed on the Jetty server, so it also sees requests that
 * never reached the API (refused by a filter or by Jetty itself). Thread-safe (PrintStream is).
 */
public final class AccessLog implements RequestLog {
    private final PrintStream out;

    public AccessLog(PrintStream out) {
        this.out = out;
    }

    @Override
    public void log(Request request, Response response) {
        long ms = (System.nanoTime() - request.getBeginNanoTime()) / 1_000_000;
        out.println(line(
                request.getMethod(),
                request.getHttpURI().getPath(),
                response.getStatus(),
                ms,
                Request.getRemoteAddr(request)));
    }

    static String line(String method, String path, int status, long ms, String client) {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS) + " http " + method + " " + path + " " + status + " " + ms
                + "ms " + client;
    }
}
