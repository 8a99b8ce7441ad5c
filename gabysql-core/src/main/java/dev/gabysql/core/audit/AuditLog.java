package dev.gabysql.core.audit;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The append-only JSON-lines audit log: one line per call (read, preview, confirm, refusal), each chained to the one
 * before by a keyed hash ({@link AuditChain}, docs/design.md#audit-log) so that an edited, removed, inserted or
 * reordered line shows. Opened lazily, appended with O_APPEND; never holds a password or the key (SQL and database
 * names only). A failure to write is reported once on stderr and does not fail the call.
 *
 * <p>Several processes may share a file: each append takes an exclusive lock on it, reads the last line's chain
 * value, appends, and lets go. The last value is remembered while the file keeps the size this log left it at, so
 * that a process alone on its file reads nothing back. FileChannel locks belong to the whole JVM, so logs of one
 * process on one file also take a monitor for that file first. Thread-safe.
 */
public final class AuditLog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AuditLog.class);
    /** A log that records nothing (--audit-log none). */
    public static final AuditLog DISABLED = new AuditLog(null);
    /** One monitor per file in this JVM: a FileChannel lock cannot be taken twice by one process. */
    private static final ConcurrentMap<Path, Object> FILES = new ConcurrentHashMap<>();

    private final Path path;
    private final String configuredKey;
    /** Opened in append mode (O_APPEND): a line is one write; its channel takes the lock. */
    private FileOutputStream out;

    private Object fileMonitor;
    private AuditChain chain;
    /** The file's size after this log's last append, or -1: when it still has it, the last line is ours. */
    private long knownSize = -1;

    private long lastSeq;
    private String lastChain = "";
    private boolean failed;

    /** A log keyed with the key file beside it ({@link AuditKey}). */
    public AuditLog(Path path) {
        this(path, null);
    }

    /** A log keyed with {@code configuredKey} (the {@code audit_key} setting), or the key file beside it when null. */
    public AuditLog(Path path, String configuredKey) {
        this.path = path;
        this.configuredKey = configuredKey;
        if (configuredKey != null) {
            AuditKey.configured(configuredKey); // a bad setting fails at start, not at the first call
        }
    }

    /** The default location: ~/.gabysql/audit.jsonl. */
    public static Path defaultPath() {
        return Path.of(System.getProperty("user.home"), ".gabysql", "audit.jsonl");
    }

    /** The key file of the log at {@code log} when no key is configured (docs/design.md#audit-log). */
    public static Path keyFile(Path log) {
        return AuditKey.fileBeside(log);
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
                open();
                synchronized (fileMonitor) {
                    append(line);
                }
            } catch (IOException | RuntimeException e) {
                failed = true;
                LOG.warn("Audit log {} cannot be written ({}); calls go on without audit.", path, e.getMessage());
            }
        }
    }

    private void open() throws IOException {
        if (out != null) {
            return;
        }
        Path dir = path.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        out = new FileOutputStream(path.toFile(), true);
        fileMonitor = FILES.computeIfAbsent(path.toRealPath(), p -> new Object());
    }

    /** Under the file's lock: where the chain ends, then the chained line (after a line feed if the file lacks one). */
    private void append(byte[] line) throws IOException {
        FileChannel channel = out.getChannel();
        try (FileLock ignored = channel.lock()) {
            if (chain == null) {
                chain = new AuditChain(
                        configuredKey != null
                                ? AuditKey.configured(configuredKey)
                                : AuditKey.loadOrCreate(AuditKey.fileBeside(path)));
            }
            long size = channel.size();
            boolean newline = false;
            if (size != knownSize) {
                AuditTail.End end = AuditTail.read(path, size);
                lastSeq = end.seq();
                lastChain = end.chain();
                newline = !end.endsWithLineFeed();
            }
            byte[] linked = chain.link(line, lastSeq + 1, lastChain);
            byte[] bytes = newline ? prefixLineFeed(linked) : linked;
            out.write(bytes);
            lastSeq++;
            lastChain = new String(
                    linked,
                    linked.length - 3 - AuditChain.CHAIN_LENGTH,
                    AuditChain.CHAIN_LENGTH,
                    StandardCharsets.US_ASCII);
            knownSize = size + bytes.length;
        }
    }

    private static byte[] prefixLineFeed(byte[] line) {
        byte[] bytes = new byte[line.length + 1];
        bytes[0] = '\n';
        System.arraycopy(line, 0, bytes, 1, line.length);
        return bytes;
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
            knownSize = -1;
        }
    }
}
