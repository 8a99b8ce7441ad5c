package dev.gabysql.server.http;

import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.wire.ErrorAnswer;
import dev.gabysql.server.wire.WireJson;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Writes JSON answers and JSON errors; the one place that sets the headers every answer carries. Stateless. */
public final class Responses {
    public static final String JSON = "application/json;charset=utf-8";

    private Responses() {}

    public static void json(HttpServletResponse resp, int status, Object body) throws IOException {
        write(resp, status, WireJson.bytes(body));
    }

    /** The error envelope with the status of the error's code. */
    public static void error(HttpServletResponse resp, GabyException e) throws IOException {
        if (resp.isCommitted()) {
            return;
        }
        resp.resetBuffer();
        write(resp, e.code().httpStatus(), errorBytes(e));
    }

    /**
     * An error sent before the request's body was read (a filter turning the request away), with
     * {@code Connection: close}: the server will not read what is left of the body, so the connection cannot carry
     * another request, and a client that pooled it would see its next request fail with no answer at all.
     */
    public static void refuseUnread(HttpServletResponse resp, GabyException e) throws IOException {
        resp.setHeader("Connection", "close");
        error(resp, e);
    }

    static byte[] errorBytes(GabyException e) {
        return WireJson.bytes(ErrorAnswer.of(e));
    }

    private static void write(HttpServletResponse resp, int status, byte[] body) throws IOException {
        resp.setStatus(status);
        resp.setContentType(JSON);
        resp.setHeader("Cache-Control", "no-store");
        resp.setHeader("X-Content-Type-Options", "nosniff");
        resp.setContentLength(body.length);
        resp.getOutputStream().write(body);
    }
}
