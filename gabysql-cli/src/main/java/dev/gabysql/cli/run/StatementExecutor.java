package dev.gabysql.cli.run;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.api.QueryRequest;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.api.StatementInfo;
import dev.gabysql.core.curated.PreparedTool;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.List;
import java.util.function.Supplier;

/**
 * Runs one statement the way every CLI path does (shell, {@code -c}, scripts), with the same rules as MCP: the
 * service is asked once what the statement is ({@link GabyService#inspect}); a read goes to {@code query}; a write,
 * when the database's mode allows writes, is previewed with {@code execute}, shown to a {@link Confirmer}, and
 * committed with the preview's token only if the confirmer says so. Not thread-safe: one statement at a time.
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

        /** An UPDATE/DELETE without WHERE, otherwise allowed here; true previews it anyway (allow_full_table). */
        boolean allowFullTable(String sql, StatementInfo statement);
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

        /**
         * A write that was previewed and left uncommitted: the confirmer said no, or it waits for a person's
         * approval ({@link #awaitsApproval}).
         */
        public boolean isUncommitted() {
            return !isRead() && committed == null && (preview.confirmToken() != null || awaitsApproval());
        }

        /**
         * A write kept for a person's approval (approval human, docs/design.md#approval): nothing was committed, and
         * {@code gabysql approve} in a terminal decides it.
         */
        public boolean awaitsApproval() {
            return !isRead() && "awaiting_approval".equals(preview.status());
        }
    }

    /** Runs the statement on {@code db}; throws {@link GabyException} for refusals and failures. */
    public Outcome run(String db, String sql, Confirmer confirmer) {
        long start = System.nanoTime();
        StatementInfo statement = service.inspect(calls.get(), db, sql);
        if (!statement.isWrite()) {
            // a read, or what no mode runs: the read path answers with rows or with the guard's refusal
            QueryResult rows = service.query(calls.get(), QueryRequest.of(db, sql));
            return new Outcome(rows, null, null, millisSince(start));
        }
        requireWritable(db, statement);
        return write(db, sql, statement, confirmer, millisSince(start));
    }

    /**
     * Runs a curated tool (docs/configuration.md#curated-tools) with its bound values as a statement of its kind: a
     * read tool on the read path; a write tool previewed, shown to the confirmer and committed with the preview's
     * token only if it says so, exactly as a typed write. The service checks the statement and the mode again.
     */
    public Outcome runTool(PreparedTool tool, List<Object> values, Confirmer confirmer) {
        long start = System.nanoTime();
        if (!tool.writes()) {
            return new Outcome(tool.read(service, calls.get(), values), null, null, millisSince(start));
        }
        ExecuteResult preview = service.execute(calls.get(), tool.writeRequest(values, null));
        long spent = millisSince(start);
        if (preview.confirmToken() == null || !confirmer.commit(tool.sql(), preview)) {
            return new Outcome(null, preview, null, spent);
        }
        long again = System.nanoTime();
        ExecuteResult done = service.execute(calls.get(), tool.writeRequest(values, preview.confirmToken()));
        return new Outcome(null, preview, done, spent + millisSince(again));
    }

    private Outcome write(String db, String sql, StatementInfo statement, Confirmer confirmer, long spent) {
        boolean fullTable =
                statement.fullTable() && statement.allowedHere() && confirmer.allowFullTable(sql, statement);
        long start = System.nanoTime();
        // what the mode does not allow (or a full table not allowed) is refused here by the service, with its rule
        ExecuteResult preview = service.execute(calls.get(), new ExecuteRequest(db, sql, null, null, fullTable));
        spent += millisSince(start);
        if (preview.confirmToken() == null || !confirmer.commit(sql, preview)) {
            return new Outcome(null, preview, null, spent);
        }
        long again = System.nanoTime();
        ExecuteResult done =
                service.execute(calls.get(), new ExecuteRequest(db, sql, null, preview.confirmToken(), fullTable));
        return new Outcome(null, preview, done, spent + millisSince(again));
    }

    /** The statement is a write: refuse it here unless the database's effective mode allows writes. */
    private static void requireWritable(String db, StatementInfo statement) {
        Mode mode = statement.effectiveMode();
        if (!mode.allowsWrites()) {
            throw new GabyException(
                    ErrorCode.READ_ONLY,
                    "`" + statement.command() + "` " + whatItDoes(statement.kind()) + ", and `" + db
                            + "` may only be read here.",
                    "`" + db + "` is " + mode.label() + " here; start gabysql with --mode readwrite"
                            + " (or admin for DDL) to preview and commit writes.");
        }
    }

    private static String whatItDoes(StatementInfo.Kind kind) {
        switch (kind) {
            case DATA_CHANGE:
                return "changes data";
            case SCHEMA_CHANGE:
                return "changes the schema (DDL)";
            case MAINTENANCE:
                return "is a maintenance statement";
            default:
                return "is not a pure read";
        }
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
