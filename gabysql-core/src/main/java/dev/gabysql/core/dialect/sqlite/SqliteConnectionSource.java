package dev.gabysql.core.dialect.sqlite;

import dev.gabysql.core.catalog.DatabaseConfig;
import dev.gabysql.core.config.Mode;
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
import java.sql.SQLException;
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
    private static final int BUSY_TIMEOUT_MS = 5_000;

    private final DatabaseConfig db;
    private final String url;
    private final Path file;
    private final Deque<Connection> idleReaders = new ConcurrentLinkedDeque<>();
    private final ReentrantLock writerLock = new ReentrantLock();

    SqliteConnectionSource(DatabaseConfig db) {
        this.db = db;
        this.url = db.url();
        this.file = fileOf(url);
    }

    @Override
    public Session open(Mode mode, Limits limits) {
        if (mode == Mode.READONLY) {
            return new SqliteSession(takeReader(), true);
        }
        writerLock.lock();
        try {
            return new SqliteSession(openConnection(false), false);
        } catch (RuntimeException e) {
            writerLock.unlock();
            throw e;
        }
    }

    private Connection takeReader() {
        Connection c;
        while ((c = idleReaders.pollFirst()) != null) {
            if (isUsable(c)) {
                return c;
            }
        }
        return openConnection(true);
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
            throw new GabyException(ErrorCode.DATABASE_UNAVAILABLE, "The SQLite file of database `" + db.name()
                    + "` does not exist: " + file, "Check the path given with --db or the data directory.");
        }
        SqliteNativeLibrary.prepare();
        try {
            SQLiteConfig config = new SQLiteConfig();
            config.enableLoadExtension(false);
            config.setBusyTimeout(BUSY_TIMEOUT_MS);
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
            throw new GabyException(ErrorCode.DATABASE_UNAVAILABLE, "Unable to open SQLite database `" + db.name()
                    + "`: " + e.getMessage(), null, e.getSQLState(), null);
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
        Connection c;
        while ((c = idleReaders.pollFirst()) != null) {
            closeQuietly(c);
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // closing a connection that failed: nothing more to do
        }
    }

    /** One checkout; ends in ROLLBACK unless committed; readers go back to the idle set, the writer is closed. */
    private final class SqliteSession extends TransactionSession {
        private final boolean reader;

        SqliteSession(Connection connection, boolean reader) {
            super(connection);
            this.reader = reader;
        }

        @Override
        public ResultColumns resultColumns() {
            return SqliteResultColumns.INSTANCE;
        }

        @Override
        protected void release(boolean inDoubt) {
            if (reader && !inDoubt && idleReaders.size() < MAX_IDLE_READERS) {
                idleReaders.offerFirst(connection());
            } else {
                closeQuietly(connection());
            }
            if (!reader) {
                writerLock.unlock();
            }
        }
    }
}
