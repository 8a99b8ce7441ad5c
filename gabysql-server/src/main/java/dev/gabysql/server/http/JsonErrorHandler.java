package dev.gabysql.server.http;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's own error answers (malformed requests, headers too large, a failure outside our servlet, a servlet's
 * {@code sendError}) in our JSON envelope: the code nearest to the status, the status's reason phrase as the
 * message, never a stack trace or an HTML page, whatever the client's Accept header says. Stateless.
 */
public final class JsonErrorHandler extends ErrorHandler {

    public JsonErrorHandler() {
        setShowStacks(false);
        setShowCauses(false);
        setShowMessageInTitle(false);
        setShowOrigin(false);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        int status = statusOf(request, response);
        response.setStatus(status);
        generateCacheControl(response);
        if (HttpStatus.hasNoBody(status)) {
            callback.succeeded();
            return true;
        }
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, Responses.JSON);
        response.write(true, ByteBuffer.wrap(body(status)), callback);
        return true;
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(HttpHeader.CONTENT_TYPE, Responses.JSON);
        return ByteBuffer.wrap(body(status));
    }

    static byte[] body(int status) {
        return Responses.errorBytes(
                new GabyException(codeFor(status), "HTTP " + status + " " + HttpStatus.getMessage(status) + "."));
    }

    static ErrorCode codeFor(int status) {
        switch (status) {
            case 401:
                return ErrorCode.UNAUTHORIZED;
            case 403:
                return ErrorCode.FORBIDDEN_ORIGIN;
            case 404:
                return ErrorCode.NOT_FOUND;
            case 405:
                return ErrorCode.METHOD_NOT_ALLOWED;
            case 413:
            case 414:
            case 431:
                return ErrorCode.TOO_LARGE;
            case 503:
                return ErrorCode.OVER_CAPACITY;
            default:
                return status >= 500 ? ErrorCode.INTERNAL : ErrorCode.BAD_REQUEST;
        }
    }

    private static int statusOf(Request request, Response response) {
        Object cause = request.getAttribute(ERROR_EXCEPTION);
        if (cause instanceof HttpException) {
            return ((HttpException) cause).getCode();
        }
        Object status = request.getAttribute(ERROR_STATUS);
        if (status instanceof Integer) {
            return (Integer) status;
        }
        int s = response.getStatus();
        return s >= 400 ? s : 500;
    }
}
