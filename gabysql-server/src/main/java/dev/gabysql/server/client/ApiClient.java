package dev.gabysql.server.client;

import com.fasterxml.jackson.databind.JavaType;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.wire.ErrorAnswer;
import dev.gabysql.server.wire.WireJson;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * HTTP/1.1 calls to {@code gabysql serve} with the bearer token, JSON in and out, and the server's error envelope
 * turned back into the {@link GabyException} it was (same code, message and hint). Every call carries an id, so
 * that a cancelled call can be cancelled on the server too. Thread-safe.
 */
final class ApiClient {
    static final String CALL_ID_HEADER = "X-Gabysql-Call-Id";
    private static final long POLL_MILLIS = 50;

    private final URI base;
    private final String token;
    private final String maxMode;
    private final Duration timeout;
    private final HttpClient http;

    ApiClient(URI base, String token, String maxMode, Duration timeout) {
        this.base = base;
        this.token = token;
        this.maxMode = maxMode;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    <T> T get(CallContext ctx, String pathAndQuery, Class<T> type) {
        return send(ctx, request(pathAndQuery).GET(), type);
    }

    <T> T post(CallContext ctx, String pathAndQuery, Object body, Class<T> type) {
        HttpRequest.BodyPublisher publisher = body == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(WireJson.bytes(body));
        return send(
                ctx,
                request(pathAndQuery).header("Content-Type", "application/json").POST(publisher),
                type);
    }

    URI base() {
        return base;
    }

    private HttpRequest.Builder request(String pathAndQuery) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + pathAndQuery))
                .timeout(timeout)
                .header("Accept", "application/json")
                .header("X-Gabysql-Max-Mode", maxMode);
        if (token != null && !token.isEmpty()) {
            b.header("Authorization", "Bearer " + token);
        }
        return b;
    }

    private <T> T send(CallContext ctx, HttpRequest.Builder builder, Class<T> type) {
        if (ctx != null && ctx.client() != null) {
            builder.header("X-Gabysql-Client", ctx.client().replaceAll("[^\\x20-\\x7e]", "?"));
        }
        String callId = UUID.randomUUID().toString().replace("-", "");
        builder.header(CALL_ID_HEADER, callId);
        HttpResponse<byte[]> response = exchange(builder.build(), ctx == null ? null : ctx.cancellation(), callId);
        if (response.statusCode() / 100 != 2) {
            throw failure(response);
        }
        try {
            JavaType t = WireJson.MAPPER.constructType(type);
            return WireJson.MAPPER.readValue(response.body(), t);
        } catch (IOException e) {
            throw new GabyException(
                    ErrorCode.INTERNAL,
                    "The server at " + base + " sent an answer that is not" + " gabysql JSON.",
                    "Check that --server points at `gabysql serve`.");
        }
    }

    /**
     * Sends and waits for the answer; when the call is cancelled meanwhile (MCP {@code notifications/cancelled}),
     * asks the server to cancel the statement ({@code POST /calls/{id}/cancel}) and gives up at once.
     */
    private HttpResponse<byte[]> exchange(HttpRequest request, Cancellation cancellation, String callId) {
        CompletableFuture<HttpResponse<byte[]>> answer =
                http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray());
        try {
            while (true) {
                try {
                    return answer.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    if (cancellation != null && cancellation.isCancelled()) {
                        cancelRemote(callId);
                        answer.cancel(true);
                        throw new GabyException(ErrorCode.CANCELLED, "The call was cancelled by the client.");
                    }
                }
            }
        } catch (ExecutionException e) {
            throw failed(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancelRemote(callId);
            throw new GabyException(ErrorCode.CANCELLED, "The call to gabysql serve was interrupted.");
        }
    }

    private GabyException failed(Throwable cause) {
        if (cause instanceof HttpTimeoutException) {
            return new GabyException(
                    ErrorCode.TIMEOUT,
                    "gabysql serve at " + base + " did not answer within " + timeout.toSeconds() + " s.");
        }
        if (cause instanceof ConnectException) {
            return unreachable("connection refused");
        }
        return unreachable(cause == null || cause.getMessage() == null ? String.valueOf(cause) : cause.getMessage());
    }

    /** Best effort: the answer no longer matters, only that the statement stops. */
    private void cancelRemote(String callId) {
        try {
            http.send(
                    request("/calls/" + callId + "/cancel")
                            .timeout(Duration.ofSeconds(5))
                            .POST(HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            // the server is gone: nothing runs there any more either
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private GabyException unreachable(String why) {
        return new GabyException(
                ErrorCode.DATABASE_UNAVAILABLE,
                "Cannot reach gabysql serve at " + base + " (" + why + ").",
                "Start `gabysql serve`, or fix --server.");
    }

    private GabyException failure(HttpResponse<byte[]> response) {
        try {
            ErrorAnswer answer = WireJson.MAPPER.readValue(response.body(), ErrorAnswer.class);
            if (answer.error() != null) {
                return answer.toException();
            }
        } catch (IOException ignored) {
            // not our envelope (a proxy's page?): described below by its status
        }
        return new GabyException(
                ErrorCode.INTERNAL,
                "The server at " + base + " answered HTTP " + response.statusCode() + " without a gabysql error.",
                "Check that --server points at `gabysql serve`.");
    }
}
