package dev.gabysql.server.api;

import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.RunningCalls;
import dev.gabysql.core.curated.CuratedTools;

/** The API's routes in one table (docs/design.md#http-api, and what the gateway needs to serve every MCP tool). */
public final class Routes {
    private Routes() {}

    /**
     * @param httpApprovers whether an approver's token is configured: the write answers then say that a person may
     *                      approve over HTTP, not only at a terminal
     */
    public static Router of(GabyService service, RunningCalls<String> calls, boolean httpApprovers) {
        return of(service, calls, httpApprovers, CuratedTools.NONE);
    }

    /** The routes with the operator's curated tools at {@code /tools} (docs/http-api.md#curated-tools). */
    public static Router of(
            GabyService service, RunningCalls<String> calls, boolean httpApprovers, CuratedTools curated) {
        CatalogEndpoints catalog = new CatalogEndpoints(service);
        SqlEndpoint sql = new SqlEndpoint(service, httpApprovers);
        CuratedEndpoints tools = new CuratedEndpoints(service, curated, sql);
        ApprovalEndpoints approvals = new ApprovalEndpoints(service);
        AuditEndpoints audit = new AuditEndpoints(service);
        return new Router()
                .add(
                        "POST",
                        "/calls/{id}/cancel",
                        call -> java.util.Map.of("cancelled", calls.cancel(call.var("id"), call.owner())))
                .add("GET", "/health", catalog::health)
                .add("POST", "/sql", sql)
                .add("GET", "/tools", tools::list)
                .add("POST", "/tools/{name}", tools::run)
                .add("GET", "/approvals", approvals::list)
                .add("POST", "/approvals/{id}", approvals::decide)
                .add("GET", "/audit", audit::list)
                .add("GET", "/audit/verify", audit::verify)
                .add("GET", "/databases", catalog::databases)
                .add("GET", "/databases/{db}/ping", catalog::ping)
                .add("GET", "/databases/{db}/schema", catalog::schema)
                .add("GET", "/databases/{db}/table", catalog::table)
                .add("GET", "/databases/{db}/search", catalog::search)
                .add("GET", "/databases/{db}/diagram", catalog::diagram)
                .add("POST", "/databases/{db}/explain", catalog::explain)
                .add("POST", "/databases/{db}/inspect", catalog::inspect)
                .add("POST", "/databases/{db}/split", catalog::split)
                .add("POST", "/databases/{db}/check", catalog::check)
                .add("GET", "/databases/{db}/health", catalog::dbaReport)
                .add("POST", "/databases/{db}/advise", catalog::advise);
    }
}
