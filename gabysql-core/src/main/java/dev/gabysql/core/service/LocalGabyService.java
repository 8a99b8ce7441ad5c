package dev.gabysql.core.service;

import dev.gabysql.core.audit.AuditLog;
import dev.gabysql.core.catalog.Catalog;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Mode;
import dev.gabysql.core.config.Settings;
import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.dialect.Dialects;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConfirmTokens;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.QueryRunner;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.exec.SessionCloser;
import dev.gabysql.core.exec.SqlErrors;
import dev.gabysql.core.guard.AccessPolicy;
import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.introspect.DetailLevel;
import dev.gabysql.core.introspect.IntegrityReport;
import dev.gabysql.core.introspect.MermaidRenderer;
import dev.gabysql.core.introspect.PlanRenderer;
import dev.gabysql.core.introspect.SchemaFilter;
import dev.gabysql.core.introspect.SchemaLookup;
import dev.gabysql.core.introspect.SchemaModel;
import dev.gabysql.core.introspect.SchemaPresenter;
import dev.gabysql.core.introspect.SchemaSearch;
import dev.gabysql.core.introspect.TablePresenter;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The service running in-process against the catalog's databases: front end → here → guard → runner → dialect →
 * JDBC. Thread-safe; connections open lazily on first use.
 */
public final class LocalGabyService implements GabyService {
    /** After these, the connection's state is in doubt: discard it rather than reuse it. */
    private static final Set<ErrorCode> IN_DOUBT =
            EnumSet.of(ErrorCode.TIMEOUT, ErrorCode.CANCELLED, ErrorCode.DATABASE_UNAVAILABLE, ErrorCode.INTERNAL);

    private final Catalog catalog;
    private final Settings settings;
    private final AuditLog audit;
    /** Made on the first write: its random confirm key costs milliseconds a readonly start-up need not pay. */
    private volatile WritePath writes;

    private final Map<String, DatabaseHandle> handles = new ConcurrentHashMap<>();
    private final Map<String, String> privilegeWarnings = new ConcurrentHashMap<>();
    private final SessionCloser closer = new SessionCloser();

    public LocalGabyService(Catalog catalog, Settings settings) {
        this.catalog = catalog;
        this.settings = settings;
        this.audit = settings.auditLog() == null ? AuditLog.DISABLED : new AuditLog(settings.auditLog());
    }

    private WritePath writePath() {
        WritePath w = writes;
        if (w == null) {
            synchronized (this) {
                w = writes;
                if (w == null) {
                    w = new WritePath(
                            settings.confirmKey() == null
                                    ? ConfirmTokens.withRandomKey(settings.confirmTtl())
                                    : new ConfirmTokens(
                                            settings.confirmKey().getBytes(StandardCharsets.UTF_8),
                                            settings.confirmTtl(),
                                            Clock.systemUTC()));
                    writes = w;
                }
            }
        }
        return w;
    }

    public Settings settings() {
        return settings;
    }

    @Override
    public List<DatabaseInfo> listDatabases(CallContext ctx) {
        List<DatabaseInfo> out = new ArrayList<>();
        for (DatabaseConfig db : catalog.all()) {
            String dialect;
            List<String> warnings = new ArrayList<>();
            try {
                Dialect d = Dialects.forDatabase(db);
                dialect = d.id();
                warnings.addAll(d.warnings(db));
            } catch (GabyException e) {
                dialect = "unsupported";
                warnings.add(e.getMessage());
            }
            String privilege = privilegeWarnings.get(db.name());
            if (privilege != null) {
                warnings.add(privilege);
            }
            out.add(new DatabaseInfo(
                    db.name(),
                    dialect,
                    db.displayUrl(),
                    db.description(),
                    effectiveMode(ctx, db).label(),
                    warnings));
        }
        return out;
    }

    @Override
    public QueryResult query(CallContext ctx, QueryRequest request) {
        AuditedCall call = new AuditedCall(audit, ctx, "query", request.db(), request.sql()).mode(Mode.READONLY);
        try {
            DatabaseHandle h = handle(request.db());
            var meta = MetaCommand.parse(request.sql());
            if (meta.isPresent()) {
                QueryResult r = answerMeta(ctx, h, meta.get());
                call.kind("meta").done("ok", (long) r.rowCount());
                return r;
            }
            InspectedStatement stmt = h.inspect(request.sql());
            call.kind(stmt.kind());
            AccessPolicy.requireRead(stmt);
            Limits limits = limitsFor(h, request.maxRows());
            QueryResult r = withSession(
                    h,
                    Mode.READONLY,
                    limits,
                    ctx.cancellation(),
                    s -> QueryRunner.query(
                            "Query on `" + h.config().name() + "`",
                            s,
                            stmt.sql(),
                            request.params(),
                            limits,
                            ctx.cancellation()));
            call.done("ok", (long) r.rowCount());
            return r;
        } catch (GabyException e) {
            throw call.failed(e);
        }
    }

    /**
     * Refused before any database is touched when the effective mode is readonly (the design record's rule);
     * otherwise guarded, then previewed or confirmed.
     */
    @Override
    public ExecuteResult execute(CallContext ctx, ExecuteRequest request) {
        AuditedCall call = new AuditedCall(
                audit, ctx, request.confirmToken() == null ? "execute" : "confirm", request.db(), request.sql());
        try {
            DatabaseConfig db = catalog.resolve(request.db());
            Mode mode = effectiveMode(ctx, db);
            call.mode(mode);
            if (!mode.allowsWrites()) {
                throw new GabyException(
                        ErrorCode.READ_ONLY,
                        "Database `" + db.name() + "` is readonly for this" + " call: writes are not allowed.",
                        "Use gabysql_query for reads; writes need a server"
                                + " started with --mode readwrite (or admin) and a database that allows them.");
            }
            DatabaseHandle h = handle(db.name());
            InspectedStatement stmt = h.inspect(request.sql());
            call.kind(stmt.kind());
            if (stmt.kind() == dev.gabysql.core.guard.StatementKind.READ && stmt.isPureRead()) {
                throw new GabyException(
                        ErrorCode.BAD_REQUEST,
                        "This statement only reads; gabysql_execute is for" + " writes.",
                        "Use gabysql_query for reads.");
            }
            AccessPolicy.authorizeWrite(stmt, mode, request.allowFullTable());
            return writePath().execute(ctx, h, mode, stmt, request, call);
        } catch (GabyException e) {
            throw call.failed(e);
        }
    }

    @Override
    public Rendered describeDatabase(CallContext ctx, DescribeRequest request) {
        DatabaseHandle h = handle(request.db());
        SchemaFilter filter = new SchemaFilter(request.schema(), request.tables(), request.pattern(), false);
        SchemaModel model = schemaModel(h, filter);
        SchemaLookup.requireAll(model, filter, () -> schemaModel(h));
        return SchemaPresenter.describe(
                model,
                DetailLevel.parse(request.detail(), DetailLevel.SUMMARY),
                filter,
                request.cursor(),
                h.limits().maxResultChars());
    }

    @Override
    public Rendered describeTable(CallContext ctx, String db, String table, boolean sampleRows) {
        DatabaseHandle h = handle(db);
        LocatedTable found = locateTable(h, table);
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
        return SchemaSearch.search(schemaModel(handle(db)), pattern, kind);
    }

    @Override
    public Rendered explain(CallContext ctx, String db, String sql) {
        DatabaseHandle h = handle(db);
        InspectedStatement stmt = h.inspect(sql);
        AccessPolicy.requireRead(stmt);
        Limits limits = h.limits();
        QueryResult plan = withSession(
                h,
                Mode.READONLY,
                limits,
                ctx.cancellation(),
                s -> QueryRunner.query(
                        "Explain on `" + h.config().name() + "`",
                        s,
                        ExplainStatement.of(h.dialect(), stmt),
                        List.of(),
                        limits,
                        ctx.cancellation()));
        return PlanRenderer.render(plan);
    }

    @Override
    public IntegrityReport integrityCheck(CallContext ctx, String db) {
        AuditedCall call = new AuditedCall(audit, ctx, "integrity_check", db, null).mode(Mode.READONLY);
        try {
            DatabaseHandle h = handle(db);
            IntegrityReport report = withSession(h, Mode.READONLY, h.limits(), ctx.cancellation(), s -> {
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

    /**
     * Layer 1 of the defence: for each database that is readonly, asks its dialect whether the credentials could
     * write anyway, remembers the answer for {@link #listDatabases} and returns the warnings by database name.
     * Connects to each such database; front ends run it in the background at start-up.
     */
    public Map<String, String> checkLeastPrivilege() {
        Map<String, String> found = new java.util.LinkedHashMap<>();
        for (DatabaseConfig db : catalog.all()) {
            if (settings.mode().capTo(db.maxMode()).allowsWrites()) {
                continue;
            }
            try {
                DatabaseHandle h = handle(db.name());
                String warning = withSession(h, Mode.READONLY, h.limits(), s -> {
                    try {
                        return h.dialect().writeAccessWarning(db, s.connection());
                    } catch (SQLException e) {
                        return null; // cannot tell: say nothing rather than guess
                    }
                });
                if (warning != null) {
                    privilegeWarnings.put(db.name(), warning);
                    found.put(db.name(), warning);
                }
            } catch (GabyException e) {
                // unreachable or unsupported: listDatabases reports that on its own
            }
        }
        return found;
    }

    /**
     * Connects to each database and reads its schema into the cache, so that the first call finds both ready: a
     * new PostgreSQL connection and a first schema read are a hundred milliseconds and more before the JIT has
     * compiled them (issue 7: first answer within 300 ms of spawn), and an agent's first call is nearly always a
     * description. The same read a describe makes (a constant number of catalog queries), cached for the schema
     * TTL; a call that needs the schema meanwhile waits for this read rather than repeating it. A database that
     * cannot be reached is skipped (its calls say so). Meant for a background thread.
     */
    public void prefetch() {
        for (DatabaseConfig db : catalog.all()) {
            try {
                schemaModel(handle(db.name()));
            } catch (GabyException e) {
                // unreachable or unsupported: its own calls report that
            }
        }
    }

    @Override
    public Rendered schema(CallContext ctx, String db) {
        return SchemaPresenter.bundle(schemaModel(handle(db)));
    }

    @Override
    public Rendered diagram(CallContext ctx, String db) {
        return MermaidRenderer.render(schemaModel(handle(db)));
    }

    @Override
    public Mode highestMode() {
        Mode best = Mode.READONLY;
        for (DatabaseConfig db : catalog.all()) {
            Mode m = settings.mode().capTo(db.maxMode());
            if (m.compareTo(best) > 0) {
                best = m;
            }
        }
        return best;
    }

    @Override
    public void close() {
        closer.close();
        handles.values().forEach(DatabaseHandle::close);
        handles.clear();
        audit.close();
    }

    Mode effectiveMode(CallContext ctx, DatabaseConfig db) {
        return settings.mode().capTo(db.maxMode()).capTo(ctx == null ? null : ctx.callerCap());
    }

    private DatabaseHandle handle(String name) {
        DatabaseConfig db = catalog.resolve(name);
        return handles.computeIfAbsent(db.name(), n -> {
            Dialect dialect = Dialects.forDatabase(db);
            Limits limits = settings.limits();
            if (db.statementTimeout() != null) {
                limits = limits.withStatementTimeout(db.statementTimeout());
            }
            if (db.rowCap() > 0) {
                limits = limits.withMaxRows(db.rowCap());
            }
            return new DatabaseHandle(db, dialect, limits);
        });
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

    /**
     * Runs work in one session; a failure that leaves the connection in doubt discards it. A read's session ends
     * after the answer is back ({@link SessionCloser}).
     */
    private <T> T withSession(DatabaseHandle h, Mode mode, Limits limits, Function<Session, T> work) {
        return withSession(h, mode, limits, null, work);
    }

    /** {@link #withSession} for a call that may be cancelled while it waits for its session. */
    private <T> T withSession(
            DatabaseHandle h, Mode mode, Limits limits, Cancellation cancellation, Function<Session, T> work) {
        Session s = h.open(mode, limits, cancellation);
        try {
            return work.apply(s);
        } catch (GabyException e) {
            if (IN_DOUBT.contains(e.code())) {
                s.markBroken();
            }
            throw e;
        } catch (RuntimeException e) {
            s.markBroken();
            throw e;
        } finally {
            closer.close(s);
        }
    }

    SchemaModel schemaModel(DatabaseHandle h) {
        return schemaModel(h, SchemaFilter.ALL);
    }

    /**
     * The whole schema is cached for the schema TTL (a write through gabysql drops it); a filtered read is small
     * and always fresh. describe_table and DESCRIBE answer from the cache when the table is in it — as fresh as
     * describe_database's answer, a round trip of catalog queries cheaper — and reads afresh otherwise (a table
     * created since, or a name the cache cannot settle).
     */
    private SchemaModel schemaModel(DatabaseHandle h, SchemaFilter filter) {
        if (!filter.isAll()) {
            return readSchema(h, filter);
        }
        SchemaModel cached = h.cachedSchema();
        if (cached != null) {
            return cached;
        }
        synchronized (h.schemaReading()) { // one read at a time; who waited finds it cached
            cached = h.cachedSchema();
            if (cached != null) {
                return cached;
            }
            SchemaModel model = readSchema(h, filter);
            h.cacheSchema(model, settings.schemaTtl());
            return model;
        }
    }

    private SchemaModel readSchema(DatabaseHandle h, SchemaFilter filter) {
        return withSession(h, Mode.READONLY, h.limits(), s -> {
            try {
                return h.dialect()
                        .schemaReader()
                        .read(s.connection(), filter)
                        .withDatabase(h.config().name());
            } catch (SQLException e) {
                throw SqlErrors.translate("Reading the schema of `" + h.config().name() + "`", e, false, false);
            }
        });
    }

    private SchemaModel.Table findTable(DatabaseHandle h, String table) {
        return locateTable(h, table).table();
    }

    /** A table and the model it was found in: the cached schema when it settles the name, else a fresh read. */
    private LocatedTable locateTable(DatabaseHandle h, String table) {
        SchemaModel cached = h.cachedSchema();
        SchemaModel.Table fromCache = cached == null ? null : SchemaLookup.findExactlyOne(cached, table);
        if (fromCache != null) {
            return new LocatedTable(cached, fromCache);
        }
        SchemaModel model = schemaModel(h, SchemaFilter.ofTable(table));
        return new LocatedTable(model, SchemaLookup.find(model, table, () -> schemaModel(h)));
    }

    private record LocatedTable(SchemaModel model, SchemaModel.Table table) {}

    private QueryResult answerMeta(CallContext ctx, DatabaseHandle h, MetaCommand meta) {
        switch (meta.kind()) {
            case SHOW_DATABASES:
                return MetaResults.databases(listDatabases(ctx));
            case SHOW_TABLES:
                return MetaResults.tables(schemaModel(h));
            case DESCRIBE:
                return MetaResults.describe(findTable(h, meta.argument()));
            case INTEGRITY_CHECK:
                return MetaResults.integrity(integrityCheck(ctx, h.config().name()));
            default:
                throw new GabyException(ErrorCode.INTERNAL, "Unhandled meta-command " + meta.kind());
        }
    }
}
