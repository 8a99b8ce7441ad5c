package dev.gabysql.cli.run;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.function.Supplier;

/**
 * Runs one statement the way every CLI path does (shell, {@code -c}, scripts), with the same rules as MCP: it is
 * tried as a read first; when the service says it is not a read and the database's mode allows writes, it is
 * previewed with {@code execute}, shown to a {@link Confirmer}, and committed with the preview's token only if the
 * confirmer says so. Not thread-safe: one statement at a time.
 */
public final class StatementExecutor {
    private final GabyService service;
    private final Supplier<CallContext> calls;

    /** @param calls gives the context of each service call (the shell keeps it to cancel the call on Ctrl-C) */
    public StatementExecutor(GabyService service, Supplier<CallContext> calls) {
        this.service = service;
        this.calls = calls;
    }

    /** Decides, on behalf of the person or the script, what a write may do. */
    public interface Confirmer {
        /** Shown the preview; true commits it. */
        boolean commit(String sql, ExecuteResult preview);

        /** The guard refused an UPDATE/DELETE without WHERE; true previews it anyway (allow_full_table). */
        boolean allowFullTable(String sql, GabyException refusal);
    }

    /**
     * What came of a statement: a read's rows, or a write's preview and, when confirmed, its commit.
     *
     * @param committed the commit, or null when the write was only previewed
     * @param elapsedMillis time spent in service calls (not waiting for the person)
     */
    public record Outcome(QueryResult read, ExecuteResult preview, ExecuteResult committed, long elapsedMillis) {
        public boolean isRead() {
            return read != null;
        }

        /** A write that was previewed and left uncommitted (the confirmer said no). */
        public boolean isUncommitted() {
            return !isRead() && committed == null && preview.confirmToken() != null;
        }
    }

    /** Runs the statement on {@code db}; throws {@link GabyException} for refusals and failures. */
    public Outcome run(String db, String sql, Confirmer confirmer) {
        long start = System.nanoTime();
        try {
            QueryResult rows = service.query(calls.get(), QueryRequest.of(db, sql));
            return new Outcome(rows, null, null, millisSince(start));
        } catch (GabyException e) {
            if (e.code() != ErrorCode.READ_ONLY) {
                throw e;
            }
            requireWritable(db, e);
        }
        return write(db, sql, confirmer, start);
    }

    private Outcome write(String db, String sql, Confirmer confirmer, long start) {
        boolean fullTable = false;
        ExecuteResult preview;
        try {
            preview = service.execute(calls.get(), new ExecuteRequest(db, sql, null, null, false));
        } catch (GabyException e) {
            if (e.code() != ErrorCode.FULL_TABLE_WRITE || !confirmer.allowFullTable(sql, e)) {
                throw e;
            }
            fullTable = true;
            start = System.nanoTime();
            preview = service.execute(calls.get(), new ExecuteRequest(db, sql, null, null, true));
        }
        long spent = millisSince(start);
        if (preview.confirmToken() == null || !confirmer.commit(sql, preview)) {
            return new Outcome(null, preview, null, spent);
        }
        long again = System.nanoTime();
        ExecuteResult done =
                service.execute(calls.get(), new ExecuteRequest(db, sql, null, preview.confirmToken(), fullTable));
        return new Outcome(null, preview, done, spent + millisSince(again));
    }

    /** The statement is not a read: refuse it here unless the database's effective mode allows writes. */
    private void requireWritable(String db, GabyException notARead) {
        Mode mode = modeOf(db);
        if (mode == null || !mode.allowsWrites()) {
            throw new GabyException(
                    ErrorCode.READ_ONLY,
                    notARead.getMessage(),
                    "`" + db + "` is "
                            + (mode == null ? "readonly" : mode.label()) + " here; start gabysql with --mode readwrite"
                            + " (or admin for DDL) to preview and commit writes.");
        }
    }

    /** The effective mode of {@code db} for this front end, as the service lists it. */
    public Mode modeOf(String db) {
        for (DatabaseInfo info : service.listDatabases(calls.get())) {
            if (info.name().equals(db)) {
                return info.mode();
            }
        }
        return null;
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
