package dev.gabysql.core.audit;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The append-only JSON-lines audit log: one line per call (read, preview, confirm, refusal). Opened lazily,
 * appended with O_APPEND so several processes can share a file, never holds a password (SQL and database names
 * only). A failure to write is reported once on stderr and does not fail the call. Thread-safe.
 */
public final class AuditLog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AuditLog.class);
    /** A log that records nothing (--audit-log none). */
    public static final AuditLog DISABLED = new AuditLog(null);

    private final Path path;
    /** Opened in append mode (O_APPEND): a plain stream writes a line with one system call and no NIO buffers. */
    private FileOutputStream out;

    private boolean failed;

    public AuditLog(Path path) {
        this.path = path;
    }

    /** The default location: ~/.gabysql/audit.jsonl. */
    public static Path defaultPath() {
        return Path.of(System.getProperty("user.home"), ".gabysql", "audit.jsonl");
    }

    public Path path() {
        return path;
    }

    /** False for {@link #DISABLED}: a caller may then skip preparing events. */
    public boolean enabled() {
        return path != null;
    }

    public void record(AuditEvent event) {
        if (path == null) {
            return;
        }
        byte[] line = event.toJsonLine();
        synchronized (this) {
            if (failed) {
                return;
            }
            try {
                if (out == null) {
                    Files.createDirectories(path.toAbsolutePath().getParent());
                    out = new FileOutputStream(path.toFile(), true);
                }
                out.write(line);
            } catch (IOException e) {
                failed = true;
                LOG.warn("Audit log {} cannot be written ({}); calls go on without audit.", path, e.getMessage());
            }
        }
    }

    /** The last {@code n} lines of an audit file. */
    public static List<String> tail(Path file, int n) throws IOException {
        Deque<String> last = new ArrayDeque<>();
        try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
            lines.forEach(l -> {
                last.addLast(l);
                if (last.size() > n) {
                    last.removeFirst();
                }
            });
        }
        return new ArrayList<>(last);
    }

    @Override
    public synchronized void close() {
        if (out != null) {
            try {
                out.close();
            } catch (IOException ignored) {
                // nothing left to flush: every record was written whole
            }
            out = null;
        }
    }
}
