package dev.gabysql.server.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.ApiToken;
import dev.gabysql.server.http.AuthFilter;
import dev.gabysql.server.http.BodyLimitFilter;
import dev.gabysql.server.wire.WireJson;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One API request as an endpoint sees it: path variables, query parameters (never form fields: the body is
 * only ever JSON), the JSON body read up to the size limit, and the {@link CallContext} with the caller's mode
 * cap. Not thread-safe (one per request).
 */
public final class ApiCall {
    /** A client may lower (never raise) its own mode with this header; the gateway sends its {@code --mode}. */
    public static final String MAX_MODE_HEADER = "X-Gabysql-Max-Mode";
    /**
     * The id a caller gives a call, so that it can cancel it with {@code POST /calls/{id}/cancel} — the gateway's
     * way of passing an MCP cancellation on to the statement running here. Only the token that started a call may
     * cancel it.
     */
    public static final String CALL_ID_HEADER = "X-Gabysql-Call-Id";

    private static final Pattern VALID_CALL_ID = Pattern.compile("[A-Za-z0-9_-]{8,64}");
    /** A name for the audit log (the gateway forwards the MCP client's). */
    static final String CLIENT_HEADER = "X-Gabysql-Client";

    private final HttpServletRequest request;
    private final Map<String, String> vars;
    private final long maxBodyBytes;
    private final CallContext context;
    /** The body once read (a stream reads once). */
    private byte[] body;

    private Map<String, List<String>> query;
    private boolean write;

    ApiCall(HttpServletRequest request, Map<String, String> vars, long maxBodyBytes) {
        this.request = request;
        this.vars = vars;
        this.maxBodyBytes = maxBodyBytes;
        ApiToken token = AuthFilter.tokenOf(request);
        this.context = CallContext.of(AuthFilter.consoleOf(request) != null ? "console" : "http")
                .withClient(token != null && token.isApprover() ? approverName(token, request) : client(request))
                .withCallerCap(cap(request))
                .withIdentity(token == null ? null : token.identity())
                .withApproval(token == null ? null : token.approval());
    }

    /**
     * True when the caller presented an approver's token. The filter lets only those reach the approval endpoints;
     * they ask again, so that a route added outside {@code /approvals} could not approve on an agent's word.
     */
    boolean isApprover() {
        ApiToken token = AuthFilter.tokenOf(request);
        return token != null && token.isApprover();
    }

    CallContext context() {
        return context;
    }

    /** Marks this call as a write the caller asked for (not a read that turned out to write). */
    void askedWrite() {
        this.write = true;
    }

    /**
     * Whether {@code e} refused a write the caller asked for by its mode: a higher cap (an access token's scope)
     * could allow it, where a read refused for writing could not.
     */
    boolean refusedWriteForMode(GabyException e) {
        return write && (e.code() == ErrorCode.READ_ONLY || e.code() == ErrorCode.FORBIDDEN_BY_MODE);
    }

    /** The id the caller gave this call ({@code POST /calls/{id}/cancel}), or null. */
    String callId() {
        return validCallId(request.getHeader(CALL_ID_HEADER));
    }

    private static String validCallId(String id) {
        if (id != null && !VALID_CALL_ID.matcher(id).matches()) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST, CALL_ID_HEADER + " must be 8 to 64 letters, digits, '-' or '_'.");
        }
        return id;
    }

    /** Who is calling, for cancellation rights: the token's label, or "" on a server without tokens. */
    String owner() {
        ApiToken token = AuthFilter.tokenOf(request);
        return token == null ? "" : token.label();
    }

    /** A path variable other than the database. */
    String var(String name) {
        return vars.get(name);
    }

    /** The database named in the path. */
    String db() {
        return URLDecoder.decode(vars.get("db"), StandardCharsets.UTF_8);
    }

    /** The first value of a query parameter, or null. */
    String param(String name) {
        List<String> values = params(name);
        return values.isEmpty() ? null : values.get(0);
    }

    List<String> params(String name) {
        if (query == null) {
            query = parseQuery(request.getQueryString());
        }
        return query.getOrDefault(name, List.of());
    }

    String requiredParam(String name) {
        String value = param(name);
        if (value == null || value.isBlank()) {
            throw new GabyException(ErrorCode.BAD_REQUEST, "Query parameter `" + name + "` is required.");
        }
        return value;
    }

    boolean flag(String name) {
        String value = param(name);
        return value != null && (value.isEmpty() || "true".equalsIgnoreCase(value) || "1".equals(value));
    }

    /** The JSON body as a record, read strictly: unknown fields, wrong types and trailing text are 400s. */
    <T> T body(Class<T> type, List<String> fields) {
        byte[] bytes = bodyBytes();
        if (bytes.length == 0) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "The request body is empty.",
                    "Send a JSON object with " + String.join(", ", fields) + ".");
        }
        String contentType = request.getContentType();
        if (contentType == null
                || !contentType.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "The request body must be JSON.",
                    "Send the header `Content-Type: application/json`.");
        }
        try {
            T value = WireJson.STRICT.readValue(bytes, type);
            if (value == null) {
                throw new GabyException(ErrorCode.BAD_REQUEST, "The request body is `null`, not a JSON object.");
            }
            return value;
        } catch (UnrecognizedPropertyException e) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "Unknown field `" + e.getPropertyName() + "` in the request body.",
                    "Accepted fields: " + String.join(", ", fields) + ".");
        } catch (MismatchedInputException e) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "Field `" + fieldPath(e) + "` has the wrong type.",
                    "Accepted fields: " + String.join(", ", fields) + ".");
        } catch (IOException e) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "The request body is not valid JSON" + location(e) + ".",
                    "Send one JSON object.");
        }
    }

    /** The raw body, at most the size limit (a chunked body beyond it is refused with 413). */
    byte[] bodyBytes() {
        if (body != null) {
            return body;
        }
        try (InputStream in = request.getInputStream()) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBodyBytes + 1));
            if (bytes.length > maxBodyBytes) {
                throw BodyLimitFilter.tooLarge(maxBodyBytes);
            }
            body = bytes;
            return bytes;
        } catch (IOException e) {
            throw new GabyException(ErrorCode.BAD_REQUEST, "The request body could not be read.");
        }
    }

    private static String fieldPath(MismatchedInputException e) {
        String path = e.getPath().stream()
                .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining("."));
        return path.isEmpty() ? "(the body)" : path;
    }

    private static String location(IOException e) {
        if (e instanceof JsonProcessingException && ((JsonProcessingException) e).getLocation() != null) {
            var loc = ((JsonProcessingException) e).getLocation();
            return " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")";
        }
        return "";
    }

    private static Map<String, List<String>> parseQuery(String raw) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String key = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            out.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
        }
        return out;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new GabyException(ErrorCode.BAD_REQUEST, "The query string is not well encoded.");
        }
    }

    /** The token's cap, lowered further by the caller's own header; never raised. */
    public static Mode cap(HttpServletRequest req) {
        ApiToken token = AuthFilter.tokenOf(req);
        Mode cap = token == null ? null : token.cap();
        String asked = req.getHeader(MAX_MODE_HEADER);
        if (asked != null) {
            Mode m = Mode.parse(asked);
            if (m == null) {
                throw new GabyException(
                        ErrorCode.BAD_REQUEST,
                        "Header " + MAX_MODE_HEADER + " must be readonly," + " readwrite or admin.");
            }
            cap = cap == null ? m : cap.capTo(m);
        }
        return cap;
    }

    /**
     * An approver is named by the token, never by a header it could choose: the audit lines of its decisions say
     * which token approved (docs/design.md#approval).
     */
    private static String approverName(ApiToken token, HttpServletRequest req) {
        return "token " + token.label() + "@" + req.getRemoteAddr();
    }

    /**
     * The caller's name for the audit log: its {@code X-Gabysql-Client} header (cleaned, at most 64 characters) and
     * its address, or only the address.
     */
    public static String client(HttpServletRequest req) {
        String addr = req.getRemoteAddr();
        String name = req.getHeader(CLIENT_HEADER);
        if (name == null || name.isBlank()) {
            return addr;
        }
        String clean = name.replaceAll("[^A-Za-z0-9._ /:@()-]", "?");
        return (clean.length() > 64 ? clean.substring(0, 64) : clean) + "@" + addr;
    }
}
