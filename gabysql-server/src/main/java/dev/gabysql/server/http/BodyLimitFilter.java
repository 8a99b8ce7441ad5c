package dev.gabysql.server.http;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.api.ApiCall;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Refuses a request whose declared body is larger than the limit with 413 before reading a byte of it. Bodies
 * without a declared length (chunked) are cut by the readers: {@link ApiCall#bodyBytes()} for the API, the MCP
 * transport's own request-size limit for {@code /mcp}. Stateless.
 */
public final class BodyLimitFilter extends HttpFilter {
    private static final long serialVersionUID = 1L;

    private final long maxBytes;

    public BodyLimitFilter(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
            throws IOException, ServletException {
        long declared = req.getContentLengthLong();
        if (declared > maxBytes) {
            Responses.refuseUnread(resp, tooLarge(maxBytes));
            return;
        }
        chain.doFilter(req, resp);
    }

    public static GabyException tooLarge(long maxBytes) {
        return new GabyException(
                ErrorCode.TOO_LARGE,
                "The request body is larger than the server's limit of " + maxBytes + " bytes.",
                "Send a smaller request (bind large values as params), or raise --max-body.");
    }
}
