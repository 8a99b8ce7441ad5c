package dev.gabysql.server.console;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.http.Responses;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Serves the console's files from the jar: {@code /} is {@code index.html}, {@code /console/NAME} the file
 * {@code NAME} of the resource folder {@code dev/gabysql/server/console/}. Every asset is in the jar, so the console
 * works with no network (docs/console.md). Names are plain lower-case paths with a known extension; anything else is
 * 404 without touching the class path. Files are read once and kept. Thread-safe.
 */
public final class ConsoleFiles extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final String FOLDER = "/dev/gabysql/server/console/";
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)*\\.[a-z0-9]+");
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html;charset=utf-8",
            "js", "text/javascript;charset=utf-8",
            "css", "text/css;charset=utf-8",
            "svg", "image/svg+xml",
            "png", "image/png",
            "ico", "image/x-icon",
            "json", "application/json;charset=utf-8");

    private final transient Map<String, byte[]> cache = new ConcurrentHashMap<>();

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getRequestURI();
        String name = "/".equals(path) ? "index.html" : path.substring("/console/".length());
        String type = NAME.matcher(name).matches() ? TYPES.get(extension(name)) : null;
        byte[] body = type == null ? null : load(name);
        if (body == null) {
            Responses.error(
                    resp,
                    new GabyException(ErrorCode.NOT_FOUND, "The console has no file `" + name + "`.", "Open / ."));
            return;
        }
        ConsoleHeaders.apply(resp);
        resp.setStatus(200);
        resp.setContentType(type);
        resp.setHeader("Cache-Control", "no-cache");
        resp.setContentLength(body.length);
        resp.getOutputStream().write(body);
    }

    private byte[] load(String name) throws IOException {
        byte[] cached = cache.get(name);
        if (cached != null) {
            return cached;
        }
        try (InputStream in = ConsoleFiles.class.getResourceAsStream(FOLDER + name)) {
            if (in == null) {
                return null;
            }
            byte[] bytes = in.readAllBytes();
            cache.put(name, bytes);
            return bytes;
        }
    }

    private static String extension(String name) {
        return name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    }
}
