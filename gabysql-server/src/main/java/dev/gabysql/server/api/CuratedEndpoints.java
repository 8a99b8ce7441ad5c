package dev.gabysql.server.api;

import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.curated.CuratedTools;
import dev.gabysql.core.curated.InputSchema;
import dev.gabysql.core.curated.PreparedTool;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.wire.ReadAnswer;
import dev.gabysql.server.wire.WriteAnswer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The operator's curated tools over HTTP (docs/http-api.md#curated-tools): {@code GET /tools} lists them with their
 * input schemas, {@code POST /tools/{name}} runs one with a JSON object of arguments. A read tool answers as a read
 * of {@code POST /sql}; a write tool previews and waits for approval as a write of {@code POST /sql} does, taking
 * {@code confirm_token} or {@code approval_id} beside its arguments. Every argument is checked before anything runs;
 * the caller's token caps the mode as on every route. Thread-safe.
 */
final class CuratedEndpoints {
    private final GabyService service;
    private final CuratedTools tools;
    private final SqlEndpoint writes;

    CuratedEndpoints(GabyService service, CuratedTools tools, SqlEndpoint writes) {
        this.service = service;
        this.tools = tools;
        this.writes = writes;
    }

    Object list(ApiCall call) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (PreparedTool t : tools.all()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", t.name());
            m.put("description", t.tool().description());
            m.put("db", t.tool().db());
            m.put("access", t.writes() ? "write" : "read");
            m.put("input_schema", InputSchema.of(t));
            out.add(m);
        }
        return Map.of("tools", out);
    }

    Object run(ApiCall call) {
        PreparedTool t = tools.get(call.var("name"));
        if (t == null) {
            throw new GabyException(
                    ErrorCode.NOT_FOUND,
                    "No curated tool is named `" + call.var("name") + "`.",
                    "GET /tools lists the curated tools of this server.");
        }
        Map<String, Object> args = arguments(call);
        Object confirmToken = args.remove(InputSchema.CONFIRM_TOKEN);
        Object approvalId = args.remove(InputSchema.APPROVAL_ID);
        if (!t.writes() && (confirmToken != null || approvalId != null)) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST,
                    "Tool `" + t.name() + "` only reads: it takes no confirm_token or approval_id.");
        }
        List<Object> values = t.bind(args); // every value checked before anything runs
        if (!t.writes()) {
            return ReadAnswer.of(t.read(service, call.context(), values));
        }
        long start = System.nanoTime();
        ExecuteResult r = service.execute(
                call.context(),
                approvalId != null
                        ? t.statusRequest(text(approvalId, InputSchema.APPROVAL_ID))
                        : t.writeRequest(
                                values, confirmToken == null ? null : text(confirmToken, InputSchema.CONFIRM_TOKEN)));
        return writes.answer(WriteAnswer.of(r, (System.nanoTime() - start) / 1_000_000));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> arguments(ApiCall call) {
        if (call.bodyBytes().length == 0) { // a tool without parameters may be called with no body
            return new HashMap<>();
        }
        return new HashMap<>((Map<String, Object>) call.body(Map.class, List.of("the tool's parameters")));
    }

    private static String text(Object v, String field) {
        if (!(v instanceof String)) {
            throw new GabyException(ErrorCode.BAD_REQUEST, "Field `" + field + "` must be a string.");
        }
        return (String) v;
    }
}
