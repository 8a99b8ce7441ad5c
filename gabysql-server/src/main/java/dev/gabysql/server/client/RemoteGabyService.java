package dev.gabysql.server.client;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.DescribeRequest;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.api.IntegrityReport;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.api.ScriptSplitter;
import dev.gabysql.core.api.StatementInfo;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.wire.DatabaseList;
import dev.gabysql.server.wire.ExplainCall;
import dev.gabysql.server.wire.ReadAnswer;
import dev.gabysql.server.wire.RenderedAnswer;
import dev.gabysql.server.wire.SqlCall;
import dev.gabysql.server.wire.WriteAnswer;
import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * The gateway's service: every call goes to a running {@code gabysql serve}; no database is opened here. The
 * local mode ({@code gabysql mcp --mode}) caps every call: in readonly, {@link #execute} is refused before any
 * network call (docs/design.md#the-gateway), and the server is told the cap so it never grants more. Errors from
 * the server come back as the same {@link GabyException}. A write that waits for a person comes back
 * {@code awaiting_approval} with its approval id, and asking with the id is forwarded too; deciding is not offered:
 * the gateway holds an agent's token. Thread-safe.
 */
public final class RemoteGabyService implements GabyService {
    private final ApiClient api;
    private final Mode localMode;
    private volatile Mode serverHighest;

    /**
     * @param server    base URL of {@code gabysql serve}, e.g. {@code http://127.0.0.1:7878}
     * @param token     bearer token, or null when the server has none
     * @param localMode the most this adapter will ever ask for
     * @param timeout   how long one call may take end to end
     */
    public RemoteGabyService(URI server, String token, Mode localMode, Duration timeout) {
        this.localMode = localMode == null ? Mode.READONLY : localMode;
        this.api = new ApiClient(withoutTrailingSlash(server), token, this.localMode.label(), timeout);
    }

    @Override
    public List<DatabaseInfo> listDatabases(CallContext ctx) {
        DatabaseList list = api.get(ctx, "/databases", DatabaseList.class);
        serverHighest = Mode.parse(list.highestMode());
        return list.databases() == null ? List.of() : list.databases();
    }

    @Override
    public QueryResult query(CallContext ctx, QueryRequest request) {
        return api.post(ctx, "/sql", SqlCall.read(request), ReadAnswer.class).toResult();
    }

    @Override
    public ExecuteResult execute(CallContext ctx, ExecuteRequest request) {
        if (!localMode.allowsWrites()) {
            throw new GabyException(
                    ErrorCode.READ_ONLY,
                    "This gateway runs readonly: gabysql_execute is not"
                            + " available, and nothing was sent to the server.",
                    "Use gabysql_query for reads; start `gabysql mcp --server …` with --mode readwrite for writes.");
        }
        return api.post(ctx, "/sql", SqlCall.write(request), WriteAnswer.class).toResult();
    }

    /**
     * Not here: a gateway is the agent's side (docs/design.md#approval). Its token is an agent's, and an agent's
     * token never lists or decides writes that wait for a person; the person approves at the server.
     */
    @Override
    public List<PendingWrite> pendingWrites(CallContext ctx) {
        throw agentSide();
    }

    /** Not here either: see {@link #pendingWrites}. */
    @Override
    public PendingWrite decide(CallContext approver, String approvalId, boolean approve) {
        throw agentSide();
    }

    private GabyException agentSide() {
        return new GabyException(
                ErrorCode.NOT_AN_APPROVER,
                "This gateway is the agent's side of " + api.base() + ": it cannot list, approve or reject writes"
                        + " that wait for a person.",
                "A person approves at the server: POST /approvals/{id} with an approver's token, or `gabysql"
                        + " approve` at a terminal there.");
    }

    @Override
    public Rendered describeDatabase(CallContext ctx, DescribeRequest r) {
        Query q = new Query()
                .add("detail", r.detail())
                .add("schema", r.schema())
                .add("pattern", r.pattern())
                .add("cursor", r.cursor());
        r.tables().forEach(t -> q.add("table", t));
        return rendered(ctx, dbPath(r.db(), "schema") + q.add("render", "both"));
    }

    @Override
    public Rendered describeTable(CallContext ctx, String db, String table, boolean sampleRows) {
        Query q = new Query()
                .add("name", table)
                .add("sample", sampleRows ? "true" : null)
                .add("render", "both");
        return rendered(ctx, dbPath(db, "table") + q);
    }

    @Override
    public Rendered search(CallContext ctx, String db, String pattern, String kind) {
        Query q = new Query().add("pattern", pattern).add("kind", kind).add("render", "both");
        return rendered(ctx, dbPath(db, "search") + q);
    }

    @Override
    public StatementInfo inspect(CallContext ctx, String db, String sql) {
        return api.post(ctx, dbPath(db, "inspect"), new ExplainCall(sql), StatementInfo.class);
    }

    @Override
    public ScriptSplitter scriptSplitter(CallContext ctx, String db) {
        return new RemoteSplitter(api, ctx, dbPath(db, "split"));
    }

    @Override
    public Rendered explain(CallContext ctx, String db, String sql) {
        return api.post(
                        ctx,
                        dbPath(db, "explain") + new Query().add("render", "both"),
                        new ExplainCall(sql),
                        RenderedAnswer.class)
                .toRendered();
    }

    @Override
    public IntegrityReport integrityCheck(CallContext ctx, String db) {
        return api.post(ctx, dbPath(db, "check"), null, IntegrityReport.class);
    }

    @Override
    public Rendered health(CallContext ctx, HealthRequest r) {
        Query q = new Query()
                .add("report", r.report())
                .add("by", r.by())
                .add("limit", r.limit() == null ? null : String.valueOf(r.limit()))
                .add("cursor", r.cursor())
                .add("checks", r.checks().isEmpty() ? null : String.join(",", r.checks()))
                .add("render", "both");
        return rendered(ctx, dbPath(r.db(), "health") + q);
    }

    @Override
    public Rendered adviseIndexes(CallContext ctx, String db, String sql) {
        return api.post(
                        ctx,
                        dbPath(db, "advise") + new Query().add("render", "both"),
                        new ExplainCall(sql),
                        RenderedAnswer.class)
                .toRendered();
    }

    @Override
    public Rendered schema(CallContext ctx, String db) {
        return rendered(ctx, dbPath(db, "schema") + new Query().add("render", "both"));
    }

    @Override
    public Rendered diagram(CallContext ctx, String db) {
        return rendered(ctx, dbPath(db, "diagram"));
    }

    /**
     * The local mode capped by what the server grants this token. When the server cannot be asked, readonly:
     * fail closed (write tools hidden) rather than offer what may be refused.
     */
    @Override
    public Mode highestMode() {
        Mode server = serverHighest;
        if (server == null) {
            try {
                listDatabases(CallContext.of("mcp"));
                server = serverHighest;
            } catch (GabyException e) {
                return Mode.READONLY;
            }
        }
        return localMode.capTo(server == null ? Mode.READONLY : server);
    }

    /** The server this service forwards to. */
    public URI server() {
        return api.base();
    }

    @Override
    public void close() {
        // java.net.http.HttpClient on Java 17 has nothing to close; its threads are daemons
    }

    private Rendered rendered(CallContext ctx, String pathAndQuery) {
        return api.get(ctx, pathAndQuery, RenderedAnswer.class).toRendered();
    }

    private static String dbPath(String db, String what) {
        if (db == null || db.isBlank()) {
            throw new GabyException(ErrorCode.BAD_REQUEST, "No database named.", "Pass db.");
        }
        return "/databases/" + Query.encode(db) + "/" + what;
    }

    private static URI withoutTrailingSlash(URI uri) {
        String s = uri.toString();
        return s.endsWith("/") ? URI.create(s.substring(0, s.length() - 1)) : uri;
    }
}
