package dev.gabysql.server.api;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DescribeRequest;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.api.ScriptSplitter;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.wire.DatabaseList;
import dev.gabysql.server.wire.ExplainCall;
import dev.gabysql.server.wire.RenderedAnswer;
import dev.gabysql.server.wire.SplitAnswer;
import java.util.List;
import java.util.Map;

/**
 * The endpoints about databases: the catalog, schema descriptions, search, plans, what a statement is, how a script
 * splits, the ER diagram, the integrity check, the DBA reports and index advice. Descriptions answer with their JSON form, or {@code {"text", "json"}} when asked with
 * {@code ?render=both} (what the gateway passes on to MCP clients). Thread-safe.
 */
final class CatalogEndpoints {
    private static final List<String> DETAILS = List.of("names", "summary", "full");

    private final GabyService service;

    CatalogEndpoints(GabyService service) {
        this.service = service;
    }

    /** {@code GET /health}: no authentication, no database touched. */
    Object health(ApiCall call) {
        return Map.of("status", "ok");
    }

    /** {@code GET /databases}. */
    Object databases(ApiCall call) {
        CallContext ctx = call.context();
        return new DatabaseList(
                service.listDatabases(ctx),
                service.highestMode().capTo(ctx.callerCap()).label());
    }

    /** {@code GET /databases/{db}/ping}: whether the database answers now, and in how many milliseconds. */
    Object ping(ApiCall call) {
        return service.ping(call.context(), call.db());
    }

    /** {@code GET /databases/{db}/schema[?detail=names|summary|full&schema=&table=…&pattern=&cursor=]}. */
    Object schema(ApiCall call) {
        String detail = call.param("detail");
        if (detail == null) {
            return rendered(call, service.schema(call.context(), call.db()));
        }
        if (!DETAILS.contains(detail)) {
            throw new GabyException(
                    ErrorCode.BAD_REQUEST, "Unknown detail `" + detail + "`.", "Use detail=names, summary or full.");
        }
        DescribeRequest request = new DescribeRequest(
                call.db(),
                detail,
                call.param("schema"),
                call.params("table"),
                call.param("pattern"),
                call.param("cursor"));
        return rendered(call, service.describeDatabase(call.context(), request));
    }

    /** {@code GET /databases/{db}/table?name=T[&sample=true]}. */
    Object table(ApiCall call) {
        return rendered(
                call,
                service.describeTable(call.context(), call.db(), call.requiredParam("name"), call.flag("sample")));
    }

    /** {@code GET /databases/{db}/search?pattern=P[&kind=K]}. */
    Object search(ApiCall call) {
        return rendered(
                call, service.search(call.context(), call.db(), call.requiredParam("pattern"), call.param("kind")));
    }

    /** {@code POST /databases/{db}/explain} with {@code {"sql"}}. */
    Object explain(ApiCall call) {
        ExplainCall body = call.body(ExplainCall.class, ExplainCall.FIELDS);
        return rendered(call, service.explain(call.context(), call.db(), body.sql()));
    }

    /** {@code POST /databases/{db}/inspect} with {@code {"sql"}}: what the statement is, nothing run. */
    Object inspect(ApiCall call) {
        ExplainCall body = call.body(ExplainCall.class, ExplainCall.FIELDS);
        return service.inspect(call.context(), call.db(), body.sql());
    }

    /** {@code POST /databases/{db}/split} with {@code {"sql"}}: the text cut where the database ends statements. */
    Object split(ApiCall call) {
        String text = call.body(ExplainCall.class, ExplainCall.FIELDS).sql();
        ScriptSplitter splitter = service.scriptSplitter(call.context(), call.db());
        return new SplitAnswer(splitter.split(text), splitter.isComplete(text), splitter.endsInsideQuote(text));
    }

    /** {@code GET /databases/{db}/diagram}: Mermaid text. */
    Object diagram(ApiCall call) {
        return RenderedAnswer.of(service.diagram(call.context(), call.db()));
    }

    /** {@code POST /databases/{db}/check}. */
    Object check(ApiCall call) {
        return service.integrityCheck(call.context(), call.db());
    }

    /**
     * {@code GET /databases/{db}/health[?report=health|top_queries|activity&by=&limit=&cursor=&checks=]}: a DBA's report
     * (docs/dba.md), paged.
     */
    Object dbaReport(ApiCall call) {
        String limit = call.param("limit");
        Integer n;
        try {
            n = limit == null ? null : Integer.valueOf(limit.strip());
        } catch (NumberFormatException e) {
            throw new GabyException(ErrorCode.BAD_REQUEST, "limit must be a number.", "Pass limit=1 to 100.");
        }
        HealthRequest request = new HealthRequest(
                call.db(),
                call.param("report"),
                call.param("by"),
                n,
                call.param("cursor"),
                HealthRequest.parseChecks(call.param("checks")));
        return rendered(call, service.health(call.context(), request));
    }

    /** {@code POST /databases/{db}/advise} with {@code {"sql"}}: the plan of a read and the indexes that would help. */
    Object advise(ApiCall call) {
        ExplainCall body = call.body(ExplainCall.class, ExplainCall.FIELDS);
        return rendered(call, service.adviseIndexes(call.context(), call.db(), body.sql()));
    }

    private static Object rendered(ApiCall call, Rendered r) {
        return "both".equals(call.param("render")) || r.json() == null ? RenderedAnswer.of(r) : r.json();
    }
}
