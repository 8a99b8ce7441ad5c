package dev.gabysql.core.dialect.internal;

import dev.gabysql.core.api.Finding;
import dev.gabysql.core.api.HealthCheck;
import dev.gabysql.core.api.HealthReport;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.CatalogQueries;
import dev.gabysql.core.exec.SqlErrors;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs the checks of one DBA report (docs/dba.md), each on its own: a check that the engine refuses (a view the role
 * may not read, an extension that is not loaded) is reported {@code failed} with the engine's message and the others
 * go on; one that knows it cannot run says {@code skipped} and why. What leaves the session in doubt — the statement
 * timeout, a cancellation, a lost connection — ends the whole report, as it ends a read. On an engine where an error
 * aborts the transaction (PostgreSQL), each check runs under a savepoint so that the next one still can. Not
 * thread-safe (one per report).
 */
public final class CheckRun {
    /** Failures that end the report rather than one check: the session is in doubt after them. */
    private static final Set<ErrorCode> ENDS_THE_REPORT = EnumSet.of(
            ErrorCode.TIMEOUT,
            ErrorCode.CANCELLED,
            ErrorCode.DATABASE_UNAVAILABLE,
            ErrorCode.VALUE_TOO_LARGE,
            ErrorCode.INTERNAL);

    private final CatalogQueries q;
    private final boolean savepoints;
    private final List<HealthCheck> checks = new ArrayList<>();
    private final List<Finding> findings = new ArrayList<>();

    /**
     * @param savepoints whether an error aborts the engine's transaction, so that each check needs a savepoint
     */
    public CheckRun(CatalogQueries q, boolean savepoints) {
        this.q = q;
        this.savepoints = savepoints;
    }

    /** The body of one check: its queries and the findings it adds. */
    @FunctionalInterface
    public interface Body {
        void run(Check check);
    }

    /** Runs one check and records what it did. */
    public void check(String name, Body body) {
        Check c = new Check(name);
        Savepoint sp = savepoint();
        try {
            body.run(c);
            release(sp);
            findings.addAll(c.found);
            checks.add(new HealthCheck(
                    name, c.found.isEmpty() ? HealthCheck.OK : HealthCheck.FOUND, c.found.size(), c.note));
        } catch (Skipped s) {
            rollback(sp);
            checks.add(new HealthCheck(name, HealthCheck.SKIPPED, 0, s.getMessage()));
        } catch (GabyException e) {
            if (ENDS_THE_REPORT.contains(e.code())) {
                throw e;
            }
            rollback(sp);
            checks.add(new HealthCheck(name, HealthCheck.FAILED, 0, e.getMessage()));
        }
    }

    /** The report of every check run so far. */
    public HealthReport report(String report) {
        return HealthReport.of(report, checks, findings);
    }

    private Savepoint savepoint() {
        if (!savepoints) {
            return null;
        }
        try {
            return q.connection().setSavepoint();
        } catch (SQLException e) {
            throw SqlErrors.translate("A savepoint for a health check", e, false, q.cancelled());
        }
    }

    private void release(Savepoint sp) {
        if (sp != null) {
            try {
                q.connection().releaseSavepoint(sp);
            } catch (SQLException e) {
                throw SqlErrors.translate("Releasing a health check's savepoint", e, false, q.cancelled());
            }
        }
    }

    private void rollback(Savepoint sp) {
        if (sp != null) {
            try {
                q.connection().rollback(sp);
            } catch (SQLException e) {
                throw SqlErrors.translate("Rolling back a health check", e, false, q.cancelled());
            }
        }
    }

    /** One check in progress: its queries, findings and note. */
    public final class Check {
        private final String name;
        private final List<Finding> found = new ArrayList<>();
        private String note;

        private Check(String name) {
            this.name = name;
        }

        /** The rows of one catalog query of this check. */
        public List<CatalogRow> rows(String sql, Object... params) {
            QueryResult r = q.rows(sql, params);
            return CatalogRow.of(r);
        }

        /** The first row of one catalog query, or null. */
        public CatalogRow row(String sql, Object... params) {
            return CatalogRow.first(q.rows(sql, params));
        }

        /** Adds a finding of this check. */
        public void add(
                Finding.Severity severity,
                String object,
                String summary,
                Map<String, Object> facts,
                String fix,
                String fixNote) {
            found.add(new Finding(name, severity, object, summary, facts, fix, fixNote));
        }

        /** What the check could not see, said with its status (another role's sessions, tables without statistics). */
        public void note(String text) {
            note = note == null ? text : note + "; " + text;
        }

        /** Ends the check as skipped, for {@code why} (a privilege or an extension it needs). */
        public Skipped skip(String why) {
            return new Skipped(why);
        }
    }

    /** Thrown by a check that cannot run, to be reported as skipped. */
    public static final class Skipped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Skipped(String why) {
            super(why, null, false, false);
        }
    }
}
