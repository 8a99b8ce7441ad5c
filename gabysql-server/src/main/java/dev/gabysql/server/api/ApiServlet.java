package dev.gabysql.server.api;

import dev.gabysql.core.api.RunningCalls;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.http.AuthFilter;
import dev.gabysql.server.http.Responses;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JSON API: routes a request to its endpoint under the request deadline, cancelled if its client goes away
 * ({@link ClientWatch}), writes the answer, and turns every failure into the error envelope. An unexpected exception is logged here with its stack trace (the server log
 * is for operators) and answered with a plain INTERNAL error (the response is for callers). Thread-safe.
 */
public final class ApiServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ApiServlet.class);

    private final transient Router router;
    private final transient Deadlines deadlines;
    private final transient RunningCalls<String> calls;
    private final transient ClientWatch clients;
    private final long maxBodyBytes;

    public ApiServlet(
            Router router, Deadlines deadlines, RunningCalls<String> calls, ClientWatch clients, long maxBodyBytes) {
        this.router = router;
        this.deadlines = deadlines;
        this.calls = calls;
        this.clients = clients;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = Paths.of(req);
        ApiCall call = null;
        try {
            Router.Match match = router.match(req.getMethod(), path);
            if (match == null) {
                throw unrouted(req.getMethod(), path, resp);
            }
            call = new ApiCall(req, match.vars(), maxBodyBytes);
            Object answer;
            try (ClientWatch.Watch watch =
                    clients.watch(req, resp, call.context().cancellation())) {
                answer = run(call, match.endpoint());
            }
            Responses.json(resp, 200, answer);
        } catch (GabyException e) {
            if (call != null && call.refusedWriteForMode(e)) {
                String stepUp = AuthFilter.stepUpOf(req);
                if (stepUp != null) {
                    resp.setHeader("WWW-Authenticate", stepUp);
                }
            }
            Responses.error(resp, e);
        } catch (RuntimeException e) {
            LOG.error("Unexpected failure serving {} {}", req.getMethod(), path, e);
            Responses.error(
                    resp,
                    new GabyException(
                            ErrorCode.INTERNAL, "Unexpected failure serving " + req.getMethod() + " " + path + "."));
        }
    }

    /** The server stops: so does the watch of clients. */
    @Override
    public void destroy() {
        clients.close();
        super.destroy();
    }

    /** Runs the endpoint under the request deadline, cancellable by its id when the caller gave one. */
    private Object run(ApiCall call, Endpoint endpoint) {
        String id = call.callId();
        boolean named =
                id != null && calls.start(id, call.owner(), call.context().cancellation());
        try {
            return deadlines.run(call.context(), () -> endpoint.answer(call));
        } finally {
            if (named) {
                calls.end(id, call.context().cancellation());
            }
        }
    }

    private GabyException unrouted(String method, String path, HttpServletResponse resp) {
        Set<String> allowed = router.allowedMethods(path);
        if (allowed.isEmpty()) {
            return new GabyException(ErrorCode.NOT_FOUND, "No such endpoint: " + method + " " + path + ".");
        }
        resp.setHeader("Allow", String.join(", ", allowed));
        return new GabyException(
                ErrorCode.METHOD_NOT_ALLOWED,
                path + " accepts " + String.join(", ", allowed) + ", not " + method + ".");
    }
}
