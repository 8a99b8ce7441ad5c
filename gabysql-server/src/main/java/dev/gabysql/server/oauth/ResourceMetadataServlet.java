package dev.gabysql.server.oauth;

import dev.gabysql.server.wire.WireJson;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The protected resource metadata (RFC 9728) at {@code /.well-known/oauth-protected-resource} (and below it, the
 * resource's path): which authorization server issues tokens for this server, and which scopes it understands.
 * Public (no credential: a client reads it to learn where to get one), readable from any origin, and the same bytes
 * for every request. Thread-safe.
 */
public final class ResourceMetadataServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    private final byte[] body;

    public ResourceMetadataServlet(OAuthSettings settings) {
        this.body = WireJson.bytes(document(settings));
    }

    /** The paths it answers: the root's well-known path, and the resource's (RFC 9728 section 3.1). */
    public static List<String> paths(OAuthSettings settings) {
        List<String> out = new ArrayList<>(List.of(OAuthSettings.WELL_KNOWN));
        if (!settings.resourcePath().isEmpty()) {
            out.add(OAuthSettings.WELL_KNOWN + settings.resourcePath());
        }
        return out;
    }

    static Map<String, Object> document(OAuthSettings settings) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("resource", settings.resource().toString());
        doc.put("authorization_servers", List.of(settings.issuer()));
        doc.put("scopes_supported", List.copyOf(settings.scopes().keySet()));
        doc.put("bearer_methods_supported", List.of("header"));
        doc.put("resource_name", "gabysql");
        return doc;
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setStatus(200);
        resp.setContentType("application/json");
        resp.setHeader("Access-Control-Allow-Origin", "*");
        resp.setHeader("Cache-Control", "max-age=300");
        resp.setContentLength(body.length);
        resp.getOutputStream().write(body);
    }
}
