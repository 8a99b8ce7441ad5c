package dev.gabysql.mcp;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.DescribeRequest;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.IntegrityReport;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.api.Rendered;
import dev.gabysql.core.api.ScriptSplitter;
import dev.gabysql.core.api.StatementInfo;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real service (over real databases) that counts the calls reaching it and remembers the last call context:
 * how a test proves that a refusal happened before the service was touched, or which cap a call carried.
 */
public final class CountingService implements GabyService {
    final AtomicInteger executes = new AtomicInteger();
    /** Decisions on pending writes that reached the service. */
    public final AtomicInteger decisions = new AtomicInteger();
    /** The context of the last decision (who approved). */
    public volatile CallContext lastApprover;

    public final AtomicInteger queries = new AtomicInteger();
    volatile CallContext lastContext;
    /** The thread that ran the last query: which path answered it. */
    public volatile String lastQueryThread;
    /** The thread that ran the last execute: which path answered it. */
    public volatile String lastExecuteThread;
    /** The names of every thread that ran a query. */
    public final Set<String> queryThreads = ConcurrentHashMap.newKeySet();
    /** When set, every query waits for it to open (at most 30 s) before it runs: calls pile up, however fast. */
    public volatile CountDownLatch queryGate;
    /**
     * When set, every {@link #highestMode()} call after the first waits for it to open (at most 30 s): a stdio server
     * asks once for its early initialize reply, then again while it builds the SDK's server.
     */
    public volatile CountDownLatch modeGate;

    private final AtomicInteger modeCalls = new AtomicInteger();

    /** How many times {@link #highestMode()} was asked (a stdio server asks again when it builds the SDK's server). */
    public int modeCalls() {
        return modeCalls.get();
    }

    private final GabyService delegate;

    public CountingService(GabyService delegate) {
        this.delegate = delegate;
    }

    @Override
    public List<DatabaseInfo> listDatabases(CallContext ctx) {
        return delegate.listDatabases(ctx);
    }

    @Override
    public QueryResult query(CallContext ctx, QueryRequest request) {
        queries.incrementAndGet();
        lastContext = ctx;
        lastQueryThread = Thread.currentThread().getName();
        queryThreads.add(lastQueryThread);
        awaitGate();
        return delegate.query(ctx, request);
    }

    private void awaitGate() {
        await(queryGate);
    }

    private static void await(CountDownLatch gate) {
        if (gate == null) {
            return;
        }
        try {
            gate.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public ExecuteResult execute(CallContext ctx, ExecuteRequest request) {
        executes.incrementAndGet();
        lastContext = ctx;
        lastExecuteThread = Thread.currentThread().getName();
        return delegate.execute(ctx, request);
    }

    @Override
    public List<dev.gabysql.core.api.PendingWrite> pendingWrites(CallContext ctx) {
        return delegate.pendingWrites(ctx);
    }

    @Override
    public dev.gabysql.core.api.PendingWrite decide(CallContext approver, String approvalId, boolean approve) {
        decisions.incrementAndGet();
        lastApprover = approver;
        return delegate.decide(approver, approvalId, approve);
    }

    @Override
    public Rendered describeDatabase(CallContext ctx, DescribeRequest request) {
        return delegate.describeDatabase(ctx, request);
    }

    @Override
    public Rendered describeTable(CallContext ctx, String db, String table, boolean sampleRows) {
        return delegate.describeTable(ctx, db, table, sampleRows);
    }

    @Override
    public Rendered search(CallContext ctx, String db, String pattern, String kind) {
        return delegate.search(ctx, db, pattern, kind);
    }

    @Override
    public StatementInfo inspect(CallContext ctx, String db, String sql) {
        return delegate.inspect(ctx, db, sql);
    }

    @Override
    public ScriptSplitter scriptSplitter(CallContext ctx, String db) {
        return delegate.scriptSplitter(ctx, db);
    }

    @Override
    public Rendered explain(CallContext ctx, String db, String sql) {
        return delegate.explain(ctx, db, sql);
    }

    @Override
    public IntegrityReport integrityCheck(CallContext ctx, String db) {
        return delegate.integrityCheck(ctx, db);
    }

    @Override
    public Rendered schema(CallContext ctx, String db) {
        return delegate.schema(ctx, db);
    }

    @Override
    public Rendered diagram(CallContext ctx, String db) {
        return delegate.diagram(ctx, db);
    }

    @Override
    public Mode highestMode() {
        if (modeCalls.incrementAndGet() > 1) {
            await(modeGate);
        }
        return delegate.highestMode();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
