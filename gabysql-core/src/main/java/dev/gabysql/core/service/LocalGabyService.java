package dev.gabysql.core.service;

import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.AuditCheck;
import dev.gabysql.core.api.AuditPage;
import dev.gabysql.core.api.AuditQuery;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DatabaseHealth;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.DescribeRequest;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.HealthRequest;
import dev.gabysql.core.api.IntegrityReport;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.NamedStatement;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.api.ScriptSplitter;
import dev.gabysql.core.api.StatementInfo;
import dev.gabysql.core.audit.AuditLog;
import dev.gabysql.core.audit.AuditReader;
import dev.gabysql.core.audit.AuditVerifier;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.dialect.Dialects;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.CatalogQueries;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.QueryRunner;
import dev.gabysql.core.exec.SqlErrors;
import dev.gabysql.core.guard.AccessPolicy;
import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.guard.NamedParameters;
import dev.gabysql.core.introspect.DetailLevel;
import dev.gabysql.core.introspect.MermaidRenderer;
import dev.gabysql.core.introspect.PlanRenderer;
import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaLookup;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.SchemaPresenter;
import dev.gabysql.core.introspect.SchemaSearch;
import dev.gabysql.core.introspect.TablePresenter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The service running in-process against the catalog's databases: front end → here → guard → executor → dialect →
 * JDBC (docs/design.md#data-flow). This class routes: it finds the call's database, asks the guard, and hands the
 * work to the executor, the schema cache or the write path; every call it answers is audited. Thread-safe;
 * connections open lazily on first use.
 */
public final class LocalGabyService implements GabyService {
    /** How long a console's connection check waits for the database. */
    private static final int PING_SECONDS = 5;

    private final Settings settings;
    private final AuditLog audit;
    private final DatabaseHandles databases;
    private final Sessions sessions = new Sessions();
    private final SchemaCache schemas;
    private final Startup startup;
    private final SingleUseState state;
    private final WritePath writes;
    private final DbaCalls dba;
    /** Made on the first write that waits for a person: its directory is created only then. */
    private volatile PendingWrites pending;

    public LocalGabyService(Catalog catalog, Settings settings) {
        this.state = SingleUseState.of(settings); // first: it may refuse the settings, before anything is opened
        this.settings = settings;
        this.audit = settings.auditLog() == null
                ? AuditLog.DISABLED
                : new AuditLog(settings.auditLog(), settings.auditKey());
        this.databases = new DatabaseHandles(catalog, settings);
        this.schemas = new SchemaCache(sessions, settings.schemaTtl());
        this.startup = new Startup(databases, sessions, schemas);
        this.writes = new WritePath(settings, state);
        this.dba = new DbaCalls(audit, databases, sessions);
    }

    /** The settings this service runs with (the server's banner shows its mode). */
    public Settings settings() {
        return settings;
    }

    /**
     * The databases whose connection crosses the network without encryption or verification, or whose SSH host's
     * key is not checked, each with its warning (docs/configuration.md#verified-tls): for the front end to say at
     * start-up. It connects to nothing.
     */
    public Map<String, String> transportWarnings() {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (DatabaseConfig db : databases.catalog().all()) {
            try {
                String w = Dialects.forDatabase(db).transportWarning(db);
                if (w != null) {
                    out.put(db.name(), w);
                }
            } catch (GabyException e) {
                // an unsupported database is reported when it is listed or used
            }
        }
        return out;
    }

    @Override
    public List<DatabaseInfo> listDatabases(CallContext ctx) {
        List<DatabaseInfo> out = new ArrayList<>();
        for (DatabaseConfig db : databases.catalog().all()) {
            out.add(describe(ctx, db));
        }
        return out;
    }

    private DatabaseInfo describe(CallContext ctx, DatabaseConfig db) {
        String dialect;
        List<String> warnings = new ArrayList<>();
        try {
            Dialect d = Dialects.forDatabase(db);
            dialect = d.id();
            warnings.addAll(d.warnings(db));
            String transport = d.transportWarning(db);
            if (transport != null) {
                warnings.add(transport);
            }
        } catch (GabyException e) {
            dialect = "unsupported";
            warnings.add(e.getMessage());
        }
        String privilege = startup.privilegeWarning(db.name());
        if (privilege != null) {
            warnings.add(privilege);
        }
        String replica = databases.replicaWarning(db.name());
        if (replica != null) {
            warnings.add(replica);
        }
        Mode mode = databases.effectiveMode(ctx, db);
        return new DatabaseInfo(
                db.name(),
                dialect,
                db.displayUrl(),
                db.description(),
                mode,
                warnings,
                mode.allowsWrites() ? approvalOf(ctx, db) : null,
                databases.safeguards(db.name()),
                ctx == null ? null : ctx.identityOn(db.name()).describe());
    }

    /**
     * Who approves a caller's writes to a database: the caller's credential when it says (an HTTP token for a
     * trusted program, the shell's own prompt), else the database's setting, else the server's
     * (docs/design.md#approval).
     */
    private ApprovalPolicy approvalOf(CallContext ctx, DatabaseConfig db) {
        if (ctx.approval() != null) {
            return ctx.approval();
        }
        return db.approval() != null ? db.approval() : settings.approvals().policy();
    }

    private PendingWrites pendingWrites() {
        PendingWrites p = pending;
        if (p == null) {
            synchronized (this) {
                if (pending == null) {
                    pending = new PendingWrites(
                            state.pending(), settings.approvals().ttl(), audit, databases, writes);
                }
                p = pending;
            }
        }
        return p;
    }

    @Override
    public QueryResult query(CallContext ctx, QueryRequest request) {
        AuditedCall call = new AuditedCall(audit, ctx, "query", request.db(), request.sql()).mode(Mode.READONLY);
        try {
            DatabaseHandle h = databases.handle(request.db());
            var meta = MetaCommand.parse(request.sql());
            if (meta.isPresent()) {
                QueryResult r = answerMeta(ctx, h, meta.get());
                call.kind("meta").done("ok", (long) r.rowCount());
                return r;
            }
            InspectedStatement stmt = h.inspect(request.sql());
            call.kind(stmt.kind());
            AccessPolicy.requireRead(stmt);
            QueryResult r = read(ctx, h, "Query", stmt.sql(), request.params(), limitsFor(h, request.maxRows()));
            call.done("ok", (long) r.rowCount());
            return r;
        } catch (GabyException e) {
            throw call.failed(e);
        }
    }

    /**
     * A read, on the database's replica when the caller may only read (docs/design.md#read-replicas: a caller who
     * may write reads its own writes on the primary); the answer says when the primary stood in for the replica.
     */
    private QueryResult read(
            CallContext ctx, DatabaseHandle h, String what, String sql, List<Object> params, Limits limits) {
        boolean readsOnly = databases.effectiveMode(ctx, h.config()) == Mode.READONLY;
        Sessions.Routed<QueryResult> r = sessions.read(
                h,
                readsOnly,
                limits,
                ctx,
                s -> QueryRunner.query(
                        what + " on `" + h.config().name() + "`", s, sql, params, limits, ctx.cancellation()));
        return r.value().withNote(r.note());
    }

    /**
     * Refused before any database is touched when the effective mode is readonly
     * (docs/design.md#access-modes); otherwise guarded, then previewed or confirmed.
     */
    @Override
    public ExecuteResult execute(CallContext ctx, ExecuteRequest request) {
        if (request.approvalId() != null) {
            DatabaseConfig db = databases.catalog().resolve(request.db());
            return pendingWrites().status(db.name(), request.approvalId());
        }
        AuditedCall call = new AuditedCall(
                audit, ctx, request.confirmToken() == null ? "execute" : "confirm", request.db(), request.sql());
        try {
            DatabaseConfig db = databases.catalog().resolve(request.db());
            Mode mode = databases.effectiveMode(ctx, db);
            call.mode(mode);
            AccessPolicy.requireWritable(db.name(), mode);
            DatabaseHandle h = databases.handle(db.name());
            InspectedStatement stmt = h.inspect(request.sql());
            call.kind(stmt.kind());
            AccessPolicy.requireWrite(stmt);
            AccessPolicy.authorizeWrite(stmt, mode, request.allowFullTable());
            PendingWrites person = approvalOf(ctx, db) == ApprovalPolicy.HUMAN ? pendingWrites() : null;
            return writes.execute(ctx, h, mode, stmt, request, call, person);
        } catch (GabyException e) {
            throw call.failed(e);
        }
    }

    /**
     * One guard pass (kept by the handle's inspection cache, so that the call that follows reads it again for
     * free); no connection, and no audit line: nothing runs (docs/design.md#data-flow).
     */
    @Override
    public StatementInfo inspect(CallContext ctx, String db, String sql) {
        DatabaseConfig config = databases.catalog().resolve(db);
        Mode mode = databases.effectiveMode(ctx, config);
        DatabaseHandle h = databases.handle(config.name());
        var meta = MetaCommand.parse(sql);
        if (meta.isPresent()) {
            return StatementInfos.meta(meta.get().kind().name().replace('_', ' '), mode);
        }
        return StatementInfos.of(h.inspect(sql), mode);
    }

    @Override
    public ScriptSplitter scriptSplitter(CallContext ctx, String db) {
        return databases.handle(db).splitter();
    }

    @Override
    public NamedStatement namedStatement(CallContext ctx, String db, String sql) {
        return NamedParameters.translate(sql, databases.handle(db).dialect().flavor());
    }

    @Override
    public List<PendingWrite> pendingWrites(CallContext ctx) {
        return pendingWrites().store().pending();
    }

    /** A person's decision on a pending write, taken once (docs/design.md#approval): see {@link PendingWrites#decide}. */
    @Override
    public PendingWrite decide(CallContext approver, String approvalId, boolean approve) {
        return pendingWrites().decide(approver, approvalId, approve);
    }

    @Override
    public Rendered describeDatabase(CallContext ctx, DescribeRequest request) {
        DatabaseHandle h = databases.handle(request.db());
        SchemaFilter filter = new SchemaFilter(request.schema(), request.tables(), request.pattern(), false);
        SchemaModel model = schemas.model(h, filter);
        SchemaLookup.requireAll(model, filter, () -> schemas.model(h));
        return SchemaPresenter.describe(
                model,
                DetailLevel.parse(request.detail(), DetailLevel.SUMMARY),
                filter,
                request.cursor(),
                h.limits().maxResultChars());
    }

    @Override
    public Rendered describeTable(CallContext ctx, String db, String table, boolean sampleRows) {
        DatabaseHandle h = databases.handle(db);
        SchemaCache.LocatedTable found = schemas.locate(h, table);
        TableSample sample = sampleRows
                ? TableSample.read(
                        found.table(),
                        h.dialect(),
                        sql -> query(ctx, new QueryRequest(db, sql, List.of(), TablePresenter.SAMPLE_ROWS)))
                : TableSample.NONE;
        return TablePresenter.describe(found.model(), found.table(), sample.rows(), sample.note());
    }

    @Override
    public Rendered search(CallContext ctx, String db, String pattern, String kind) {
        return SchemaSearch.search(schemas.model(databases.handle(db)), pattern, kind);
    }

    @Override
    public Rendered explain(CallContext ctx, String db, String sql) {
        DatabaseHandle h = databases.handle(db);
        InspectedStatement stmt = h.inspect(sql);
        AccessPolicy.requireRead(stmt);
        String plan = ExplainStatement.of(h.dialect(), stmt);
        return PlanRenderer.render(read(ctx, h, "Explain", plan, List.of(), h.limits()));
    }

    @Override
    public IntegrityReport integrityCheck(CallContext ctx, String db) {
        AuditedCall call = new AuditedCall(audit, ctx, "integrity_check", db, null).mode(Mode.READONLY);
        try {
            DatabaseHandle h = databases.handle(db);
            IntegrityReport report = sessions.run(h, Mode.READONLY, h.limits(), ctx, s -> {
                try {
                    return h.dialect()
                            .integrityCheck(s.connection())
                            .withDatabase(h.config().name());
                } catch (SQLException e) {
                    throw SqlErrors.translate(
                            "Integrity check of `" + h.config().name() + "`", e, false, false);
                }
            });
            call.done(report.ok() ? "ok" : "problems", (long) report.problems().size());
            return report;
        } catch (GabyException e) {
            throw call.failed(e);
        }
    }

    @Override
    public Rendered health(CallContext ctx, HealthRequest request) {
        return dba.health(ctx, request);
    }

    @Override
    public Rendered adviseIndexes(CallContext ctx, String db, String sql) {
        return dba.adviseIndexes(ctx, db, sql);
    }

    /**
     * Runs {@code work} on the session every DBA report runs on (docs/dba.md#how-the-reports-run): for the tests that
     * prove that session read-only in the engine, under the statement timeout and cancellable.
     */
    <T> T inReportSession(CallContext ctx, String db, Function<CatalogQueries, T> work) {
        return dba.inReportSession(ctx, databases.handle(db), "Report on `" + db + "`", work);
    }

    @Override
    public Map<String, String> checkLeastPrivilege() {
        return startup.checkLeastPrivilege();
    }

    @Override
    public DatabaseHealth ping(CallContext ctx, String db) {
        DatabaseHandle h = databases.handle(db);
        long start = System.nanoTime();
        boolean ok = sessions.run(h, Mode.READONLY, h.limits(), ctx, s -> {
            try {
                return s.connection().isValid(PING_SECONDS);
            } catch (SQLException e) {
                throw SqlErrors.translate("Checking `" + h.config().name() + "`", e, false, false);
            }
        });
        return new DatabaseHealth(h.config().name(), ok, (System.nanoTime() - start) / 1_000_000);
    }

    @Override
    public AuditPage auditEvents(AuditQuery query) {
        return AuditReader.read(auditFile(), query);
    }

    @Override
    public AuditCheck verifyAudit() {
        Path file = auditFile();
        if (!Files.exists(file)) {
            return new AuditCheck(true, 0, 0, null, null);
        }
        AuditVerifier.Result r = AuditVerifier.verify(file, settings.auditKey());
        return r.ok()
                ? new AuditCheck(true, r.chainedLines(), r.legacyLines(), null, null)
                : new AuditCheck(
                        false,
                        r.chainedLines(),
                        r.legacyLines(),
                        r.problem().line(),
                        r.problem().what());
    }

    private Path auditFile() {
        if (settings.auditLog() == null) {
            throw new GabyException(
                    ErrorCode.NOT_FOUND,
                    "The audit log is disabled (--audit-log none).",
                    "Start gabysql without --audit-log none to keep one.");
        }
        return settings.auditLog();
    }

    @Override
    public void prefetch() {
        startup.prefetch();
    }

    @Override
    public Rendered schema(CallContext ctx, String db) {
        return SchemaPresenter.bundle(schemas.model(databases.handle(db)));
    }

    @Override
    public Rendered diagram(CallContext ctx, String db) {
        return MermaidRenderer.render(schemas.model(databases.handle(db)));
    }

    @Override
    public Mode highestMode() {
        return databases.highestMode();
    }

    @Override
    public void close() {
        sessions.close();
        databases.close();
        state.close();
        audit.close();
    }

    private static Limits limitsFor(DatabaseHandle h, Integer requestedRows) {
        Limits limits = h.limits();
        if (requestedRows != null) {
            if (requestedRows < 1) {
                throw new GabyException(ErrorCode.BAD_REQUEST, "max_rows must be at least 1.");
            }
            limits = limits.withMaxRows(Math.min(requestedRows, limits.maxRows()));
        }
        return limits;
    }

    private QueryResult answerMeta(CallContext ctx, DatabaseHandle h, MetaCommand meta) {
        switch (meta.kind()) {
            case SHOW_DATABASES:
                return MetaResults.databases(listDatabases(ctx));
            case SHOW_TABLES:
                return MetaResults.tables(schemas.model(h));
            case DESCRIBE:
                return MetaResults.describe(schemas.locate(h, meta.argument()).table());
            case INTEGRITY_CHECK:
                return MetaResults.integrity(integrityCheck(ctx, h.config().name()));
            default:
                throw new GabyException(ErrorCode.INTERNAL, "Unhandled meta-command " + meta.kind());
        }
    }
}
