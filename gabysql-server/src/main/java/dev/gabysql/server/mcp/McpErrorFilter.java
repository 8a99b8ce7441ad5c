package dev.gabysql.server.mcp;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Keeps Java internals out of {@code /mcp} error bodies. The MCP SDK (2.1.0) answers a bad request by serializing
 * its exception object, stack trace and cause included (the MCP java-sdk's issue 955); this filter lets such a body be
 * written into a buffer and sends a plain JSON-RPC error instead (see {@link CleanErrorResponse}). Successful
 * answers and event streams pass through untouched. Stateless.
 */
public final class McpErrorFilter extends HttpFilter {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
            throws IOException, ServletException {
        CleanErrorResponse wrapped = new CleanErrorResponse(resp);
        try {
            chain.doFilter(req, wrapped);
        } finally {
            wrapped.finish();
        }
    }
}
