package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.api.Mode;
import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.exec.ConnectionSource;
import dev.gabysql.core.exec.Limits;
import dev.gabysql.core.exec.ResultColumns;
import dev.gabysql.core.exec.Session;
import dev.gabysql.core.exec.TransactionSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.locks.ReentrantLock;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * SQLite sessions. Reads use connections opened read-only by SQLite itself, with {@code query_only}, no ATTACH
 * (limit 0) and no extension loading; idle ones are kept for reuse. Writes go through one writer connection at a
 * time (SQLite has one writer anyway) with a busy timeout. Thread-safe.
 */
final class SqliteConnectionSource implements ConnectionSource {
    private static final int MAX_IDLE_READERS = 4;
    private static final Duration MAX_BUSY_TIMEOUT = Duration.ofSeconds(5);

    private final DatabaseConfig db;
    private final String url;
    private final Path file;
    /**
     * How long a statement waits for another connection's lock ({@link Limits#lockWait}, at most 5 s): SQLite's
     * busy wait does not heed the watchdog's interrupt, so it must end before the statement timeout.
     */
    private final int busyTimeoutMs;

    private final Deque<Reader> idleReaders = new ConcurrentLinkedDeque<>();
    private final ReentrantLock writerLock = new ReentrantLock();

    SqliteConnectionSource(DatabaseConfig db, Limits limits) {
        this.db = db;
        this.url = db.url();
        this.file = fileOf(url);
        this.busyTimeoutMs = (int) limits.lockWait(MAX_BUSY_TIMEOUT).toMillis();
    }

    @Override
    public Session open(Mode mode, Limits limits) {
        if (mode == Mode.READONLY) {
            Reader r = takeReader();
            return new SqliteSession(r.connection, r.statements);
        }
        try {
            writerLock.lockInterruptibly(); // one writer at a time; a cancelled call stops waiting (Cancellation)
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GabyException(
                    ErrorCode.CANCELLED, "Waiting for the writer of `" + db.name() + "` was interrupted.");
        }
        try {
            return new SqliteSession(openConnection(false), null);
        } catch (RuntimeException e) {
            writerLock.unlock();
            throw e;
        }
    }

    private Reader takeReader() {
        Reader r;
        while ((r = idleReaders.pollFirst()) != null) {
            if (isUsable(r.connection)) {
                return r;
            }
            r.close();
        }
        return new Reader(openConnection(true));
    }

    private static boolean isUsable(Connection c) {
        try {
            return !c.isClosed();
        } catch (SQLException e) {
            return false;
        }
    }

    private Connection openConnection(boolean readOnly) {
        if (file != null && !Files.exists(file)) {
            throw new GabyException(
                    ErrorCode.DATABASE_UNAVAILABLE,
                    "The SQLite file of database `" + db.name() + "` does not exist: " + file,
                    "Check the path given with --db or the data directory.");
        }
        SqliteNativeLibrary.prepare();
        try {
            SQLiteConfig config = new SQLiteConfig();
            config.enableLoadExtension(false);
            config.setBusyTimeout(busyTimeoutMs);
            config.setPragma(SQLiteConfig.Pragma.LIMIT_ATTACHED, "0");
            config.enforceForeignKeys(true);
            config.setGetGeneratedKeys(false); // never read: spares the driver a regex over every statement run
            if (readOnly) {
                config.setReadOnly(true);
                config.resetOpenMode(SQLiteOpenMode.READWRITE);
                config.resetOpenMode(SQLiteOpenMode.CREATE);
                config.setOpenMode(SQLiteOpenMode.READONLY);
            } else {
                config.resetOpenMode(SQLiteOpenMode.CREATE);
            }
            Connection c = config.createConnection(url);
            try (var st = c.createStatement()) {
                st.execute(readOnly ? "PRAGMA query_only = 1" : "PRAGMA query_only = 0");
            }
            c.setAutoCommit(false);
            return c;
        } catch (SQLException e) {
            throw new GabyException(
                    ErrorCode.DATABASE_UNAVAILABLE,
                    "Unable to open SQLite database `" + db.name() + "`: " + e.getMessage(),
                    null,
                    e.getSQLState(),
                    null);
        }
    }

    static Path fileOf(String url) {
        String rest = url.substring("jdbc:sqlite:".length());
        if (rest.isEmpty() || rest.startsWith(":memory:") || rest.startsWith("file:")) {
            return null;
        }
        int q = rest.indexOf('?');
        return Path.of(q >= 0 ? rest.substring(0, q) : rest);
    }

    @Override
    public void close() {
        Reader r;
        while ((r = idleReaders.pollFirst()) != null) {
            r.close();
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // closing a connection that failed: nothing more to do
        }
    }

    /** A read connection and the statements it keeps. */
    private static final class Reader {
        final Connection connection;
        final StatementCache statements;

        Reader(Connection connection) {
            this(connection, new StatementCache());
        }

        Reader(Connection connection, StatementCache statements) {
            this.connection = connection;
            this.statements = statements;
        }

        void close() {
            statements.clear();
            closeQuietly(connection);
        }
    }

    /**
     * One checkout; ends in ROLLBACK unless committed; readers go back to the idle set with their kept statements,
     * the writer is closed.
     */
    private final class SqliteSession extends TransactionSession {
        /** The reader's kept statements; null for the writer. */
        private final StatementCache statements;

        SqliteSession(Connection connection, StatementCache statements) {
            super(connection);
            this.statements = statements;
        }

        @Override
        public PreparedStatement prepare(String sql) throws SQLException {
            PreparedStatement kept = statements == null ? null : statements.take(sql);
            return kept != null ? kept : connection().prepareStatement(sql);
        }

        @Override
        public void release(String sql, PreparedStatement statement, boolean reusable) {
            if (reusable && statements != null) {
                statements.keep(sql, statement);
            } else {
                StatementCache.closeQuietly(statement);
            }
        }

        @Override
        public ResultColumns resultColumns() {
            return SqliteResultColumns.INSTANCE;
        }

        @Override
        protected void release(boolean inDoubt) {
            if (statements != null && !inDoubt && idleReaders.size() < MAX_IDLE_READERS) {
                idleReaders.offerFirst(new Reader(connection(), statements));
            } else {
                if (statements != null) {
                    statements.clear();
                }
                closeQuietly(connection());
            }
            if (statements == null) {
                writerLock.unlock();
            }
        }
    }
}
