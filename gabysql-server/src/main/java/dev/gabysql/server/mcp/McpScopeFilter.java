package dev.gabysql.server.mcp;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.mcp.tool.ExecuteTool;
import dev.gabysql.server.ApiToken;
import dev.gabysql.server.http.AuthFilter;
import dev.gabysql.server.http.Responses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The MCP authorization spec's step-up at {@code /mcp}: a {@code tools/call} of {@code gabysql_execute} by an OAuth
 * access token whose scope caps it to readonly, on a server where a scope would allow writes, is answered {@code 403}
 * with {@code WWW-Authenticate: Bearer error="insufficient_scope", scope="…"} before the SDK sees it, so that the
 * client can ask its person for the write scope (docs/configuration.md#oauth). Every other call passes; a configured
 * token's readonly cap still gets the tool's own {@code READ_ONLY} result, as no scope would change it. Stateless.
 */
public final class McpScopeFilter extends HttpFilter {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
            throws IOException, ServletException {
        String stepUp = AuthFilter.stepUpOf(req);
        ApiToken token = AuthFilter.tokenOf(req);
        if (stepUp != null
                && token != null
                && token.cap() == Mode.READONLY
                && "tools/call".equals(req.getAttribute(McpCancellationFilter.METHOD))
                && ExecuteTool.NAME.equals(req.getAttribute(McpCancellationFilter.TOOL))) {
            resp.setHeader("WWW-Authenticate", stepUp);
            Responses.error(
                    resp,
                    new GabyException(
                            ErrorCode.INSUFFICIENT_SCOPE,
                            "The access token of " + token.label() + " may only read: " + ExecuteTool.NAME
                                    + " needs a scope that allows writes."));
            return;
        }
        chain.doFilter(req, resp);
    }
}
