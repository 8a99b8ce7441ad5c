package dev.gabysql.core.service;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Two plain JDBC sessions held open during an attack, outside gabysql: an idle one (a trap may terminate it) and a
 * busy one running a long sleep (a trap may cancel or terminate it). After the attack both must still be there: a
 * preview that signals another session has done something no rollback undoes. Not thread-safe (one per test).
 */
final class Victims implements AutoCloseable {
    private final Connection idle;
    private final Connection busy;
    private final Statement sleeping;
    private final CompletableFuture<String> sleep;
    final long idlePid;
    final long busyPid;

    /** No victims (SQLite has no other sessions to signal). */
    static final Victims NONE = new Victims();

    private Victims() {
        idle = null;
        busy = null;
        sleeping = null;
        sleep = null;
        idlePid = -1;
        busyPid = -1;
    }

    /**
     * @param pidSql   the engine's "my session id" query ({@code SELECT pg_backend_pid()})
     * @param sleepSql a statement that sleeps far longer than a test ({@code SELECT pg_sleep(600)})
     */
    Victims(String url, String pidSql, String sleepSql) {
        try {
            idle = DriverManager.getConnection(url);
            busy = DriverManager.getConnection(url);
            idlePid = pid(idle, pidSql);
            busyPid = pid(busy, pidSql);
            sleeping = busy.createStatement();
        } catch (SQLException e) {
            throw new IllegalStateException("Unable to open the victim sessions: " + e.getMessage(), e);
        }
        sleep = CompletableFuture.supplyAsync(() -> {
            try {
                sleeping.execute(sleepSql);
                return "the sleep ended early";
            } catch (SQLException e) {
                return "the sleep was stopped: " + e.getMessage();
            }
        });
    }

    /** Replaces {@code {VICTIM}} and {@code {BUSY}} in a trap by the two sessions' ids. */
    String bind(String sql) {
        return sql.replace("{VICTIM}", Long.toString(idlePid)).replace("{BUSY}", Long.toString(busyPid));
    }

    /** "alive" when {@code SELECT 1} still works on the idle session, otherwise what happened to it. */
    String idleAnswers() {
        try (Statement st = idle.createStatement()) {
            st.setQueryTimeout(5);
            try (ResultSet rs = st.executeQuery("SELECT 1")) {
                rs.next();
                return rs.getInt(1) == 1 ? "alive" : "wrong answer";
            }
        } catch (SQLException e) {
            return "dead (" + e.getMessage().lines().findFirst().orElse("") + ")";
        }
    }

    /** "sleeping" while the busy session's sleep still runs, otherwise how it ended. */
    String busySleeps() {
        return sleep.isDone() ? sleep.join() : "sleeping";
    }

    /** Waits until {@code countSql} (with {@code {BUSY}} in it) counts the busy session as running its sleep. */
    Victims awaitSleeping(String countSql) {
        String sql = bind(countSql);
        for (int i = 0; i < 100; i++) {
            try (Statement st = idle.createStatement();
                    ResultSet rs = st.executeQuery(sql)) {
                if (rs.next() && rs.getLong(1) > 0) {
                    return this;
                }
                Thread.sleep(50);
            } catch (SQLException e) {
                throw new IllegalStateException("Unable to watch the busy victim: " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("the busy victim never started its sleep: " + busySleeps());
    }

    Connection idle() {
        return idle;
    }

    @Override
    public void close() {
        if (this == NONE) {
            return;
        }
        try {
            sleeping.cancel();
        } catch (SQLException ignored) {
            // the session is gone already: the close below is enough
        }
        try {
            sleep.get(10, TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // it was cancelled, as asked
        }
        closeQuietly(busy);
        closeQuietly(idle);
    }

    private static long pid(Connection c, String pidSql) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(pidSql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // already broken by a trap: nothing to close
        }
    }
}
