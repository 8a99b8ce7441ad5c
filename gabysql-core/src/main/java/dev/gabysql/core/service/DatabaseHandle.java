package dev.gabysql.core.service;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.Cancellation;
import dev.gabysql.core.api.DatabaseIdentity;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.dialect.Dialect;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.exec.SessionLabel;
import dev.gabysql.core.guard.InspectedStatement;
import dev.gabysql.core.introspect.SchemaModel;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * A catalog entry at run time: its dialect, its (lazily opened) connections and its cached schema.
 * Thread-safe.
 */
final class DatabaseHandle implements AutoCloseable {
    private final DatabaseConfig config;
    private final Dialect dialect;
    private final Limits limits;
    private final InspectionCache inspections;
    private final GuardSplitter splitter;
    /** What a call waits for before its session opens, for a cancellation's message. */
    private final String connectionLabel;
    /** The process's command ({@code serve}, {@code mcp}, …) for session labels, or null. */
    private final String command;

    private ConnectionSource source;
    /**
     * The sources of callers that reach the database with a login of their own, by login (a user and password from
     * the configuration, so as many as it names at most), each made on its login's first call.
     */
    private final Map<DatabaseIdentity, ConnectionSource> ownLogins = new HashMap<>();
    /** The read replica, or null. */
    private final ReadReplica replica;

    private volatile Cached cached;
    /** A write through gabysql changed the schema: it is read from the primary until it is cached again. */
    private volatile boolean schemaChanged;
    /** Held while the whole schema is read, so that concurrent readers wait for one read instead of repeating it. */
    private final Object schemaReading = new Object();

    DatabaseHandle(DatabaseConfig config, Dialect dialect, Limits limits, String command) {
        this.config = config;
        this.command = command;
        this.dialect = dialect;
        this.limits = limits;
        this.inspections = new InspectionCache(dialect.flavor());
        this.splitter = new GuardSplitter(dialect.flavor());
        this.connectionLabel = "a connection to `" + config.name() + "`";
        this.replica = config.replica() == null ? null : new ReadReplica(config, dialect, limits);
    }

    /** Where this database's statements end: the guard's lexer in its flavour. */
    GuardSplitter splitter() {
        return splitter;
    }

    /** The guard's reading of a statement for this database (kept for texts seen again). */
    InspectedStatement inspect(String sql) {
        return inspections.inspect(sql);
    }

    DatabaseConfig config() {
        return config;
    }

    Dialect dialect() {
        return dialect;
    }

    Limits limits() {
        return limits;
    }

    synchronized ConnectionSource source() {
        if (source == null) {
            source = dialect.connect(config, limits);
        }
        return source;
    }

    /** What the connection source says of its sessions' safeguards; null before it exists. */
    synchronized String safeguards() {
        return source == null ? null : source.safeguards();
    }

    /**
     * The source of a caller's own login: its own pools, made on first use and closed with this handle
     * (docs/security.md#per-caller-database-roles). An engine without logins refuses it.
     */
    private synchronized ConnectionSource ownLogin(DatabaseIdentity who) {
        if (!dialect.takesLogins()) {
            throw new GabyException(
                    ErrorCode.CALLER_ROLE_NOT_SET,
                    "This caller reaches `" + config.name() + "` with a login of its own, and a " + dialect.id()
                            + " database has no logins: nothing was run.",
                    "Remove user and password from the token's entry for this database, or give the token no entry"
                            + " for it (docs/configuration.md#per-caller-database-roles).");
        }
        DatabaseIdentity login = new DatabaseIdentity(null, who.user(), who.password());
        return ownLogins.computeIfAbsent(login, l -> dialect.connect(config.withLogin(l.user(), l.password()), limits));
    }

    /** Whether the caller reaches this database with a login of its own (its reads then stay on the primary). */
    boolean hasOwnLogin(CallContext ctx) {
        return ctx != null && ctx.identityOn(config.name()).user() != null;
    }

    /**
     * A session for the call {@code ctx} (null: work no caller asked for), labelled with the process and the caller
     * (docs/design.md#session-labels), as the caller's database role or with its own login when its identity names
     * one (docs/security.md#per-caller-database-roles); the wait for it (a busy pool's connection, SQLite's writer)
     * ends when the call is cancelled ({@link Cancellation#awaiting}).
     */
    Session open(Mode mode, Limits sessionLimits, CallContext ctx) {
        return open(source(), mode, sessionLimits, ctx);
    }

    /** A readonly session where {@code route} says: the replica's or the primary's. */
    Session open(ReadReplica.Route route, Limits sessionLimits, CallContext ctx) {
        return open(route.source(), Mode.READONLY, sessionLimits, ctx);
    }

    private Session open(ConnectionSource from, Mode mode, Limits sessionLimits, CallContext ctx) {
        DatabaseIdentity who = ctx == null ? DatabaseIdentity.LOGIN : ctx.identityOn(config.name());
        ConnectionSource src = who.user() == null ? from : ownLogin(who);
        String role = who.role();
        SessionLabel label = SessionLabel.of(command, ctx, role);
        try {
            if (ctx == null || ctx.cancellation() == null) {
                return src.open(mode, sessionLimits, label, role);
            }
            return ctx.cancellation().awaiting(connectionLabel, () -> src.open(mode, sessionLimits, label, role));
        } catch (GabyException e) {
            throw who.user() == null ? e : ownLoginFailed(e);
        }
    }

    /** A caller's own login the server refused: its hint names the token's entry, not the database's URL. */
    private GabyException ownLoginFailed(GabyException e) {
        String state = e.sqlState() == null ? "" : e.sqlState();
        if (e.code() != ErrorCode.DATABASE_UNAVAILABLE || !state.startsWith("28")) { // 28: invalid authorization
            return e;
        }
        return new GabyException(
                e.code(),
                e.getMessage(),
                "The server refused this caller's own login: check user and password in the token's"
                        + " [tokens.databases." + config.name()
                        + "] entry (docs/configuration.md#per-caller-database-roles).",
                e.sqlState(),
                null);
    }

    /**
     * Where a readonly session goes (docs/design.md#read-replicas): the primary when there is no replica or the
     * read may not use one ({@code replicaAllowed} false: a caller who may write reads its own writes), else where
     * the replica says.
     */
    ReadReplica.Route readRoute(boolean replicaAllowed) {
        if (replica == null || !replicaAllowed) {
            return new ReadReplica.Route(source(), false, null);
        }
        return replica.route(this::source);
    }

    /** A read on the replica failed because the replica went away. */
    void replicaFailed(GabyException e) {
        replica.failed(e);
    }

    /** What the catalog listing says of the replica when it does not serve as it should, or null. */
    String replicaWarning() {
        return replica == null ? null : replica.warning();
    }

    /** Whether the schema may be read on the replica: not until the schema a write through gabysql made is cached. */
    boolean schemaMayComeFromReplica() {
        return !schemaChanged;
    }

    Object schemaReading() {
        return schemaReading;
    }

    SchemaModel cachedSchema() {
        Cached c = cached;
        return c != null && System.nanoTime() < c.expiresAtNanos ? c.model : null;
    }

    void cacheSchema(SchemaModel model, Duration ttl) {
        cached = new Cached(model, System.nanoTime() + ttl.toNanos());
        schemaChanged = false;
    }

    void invalidateSchema() {
        schemaChanged = true;
        cached = null;
    }

    @Override
    public synchronized void close() {
        if (replica != null) {
            replica.close();
        }
        if (source != null) {
            source.close();
            source = null;
        }
        ownLogins.values().forEach(ConnectionSource::close);
        ownLogins.clear();
    }

    private record Cached(SchemaModel model, long expiresAtNanos) {}
}
