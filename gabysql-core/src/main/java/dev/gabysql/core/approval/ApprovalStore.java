package dev.gabysql.core.approval;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.core.json.Json;
import dev.gabysql.core.state.ApprovalIds;
import dev.gabysql.core.state.PendingStore;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * Where writes wait for a person (docs/design.md#approval): one JSON file per write in a directory only the account
 * may read ({@code 0700}), so that the process that asks ({@code gabysql mcp}, {@code gabysql serve}) and the one
 * that answers ({@code gabysql approve}) share it and it outlives both. Every change of state happens under an
 * exclusive lock on the directory's lock file and is written by an atomic rename, so a write is decided once even
 * when two approvers race. Expired writes are marked so when read and removed a day later. The local
 * {@link PendingStore}: replicas on several machines share a state database instead
 * ({@code dev.gabysql.core.state.SharedPendingStore}). Thread-safe.
 */
public final class ApprovalStore implements PendingStore {
    private static final long KEEP_DECIDED_SECONDS = 86_400;
    /** Reads files of later versions too: a member this version does not know is left out. */
    private static final ObjectMapper MAPPER =
            Json.MAPPER.copy().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private static final ConcurrentHashMap<Path, Object> MONITORS = new ConcurrentHashMap<>();

    private final Path dir;
    private final Clock clock;

    public ApprovalStore(Path dir, Clock clock) {
        this.dir = dir;
        this.clock = clock;
    }

    public Path directory() {
        return dir;
    }

    @Override
    public Instant now() {
        return clock.instant();
    }

    @Override
    public void add(PendingWrite w) {
        locked(() -> {
            write(w);
            return null;
        });
    }

    @Override
    public Optional<PendingWrite> get(String id) {
        if (!ApprovalIds.isId(id)) {
            return Optional.empty(); // a forged or altered id names no file, and never a path
        }
        return locked(() -> {
            Optional<PendingWrite> w = read(file(id));
            return w.isPresent() ? Optional.of(expireIfDue(w.get())) : w;
        });
    }

    @Override
    public List<PendingWrite> pending() {
        return locked(() -> {
            List<PendingWrite> out = new ArrayList<>();
            for (PendingWrite w : all()) {
                PendingWrite current = expireIfDue(w);
                if (current.state().open()) {
                    out.add(current);
                } else if (isStale(current)) {
                    Files.deleteIfExists(file(current.id()));
                }
            }
            out.sort(Comparator.comparing(PendingWrite::createdAt));
            return out;
        });
    }

    /** In one step under the lock: the first of two racing deciders wins, the other gets {@code APPROVAL_CLOSED}. */
    @Override
    public PendingWrite decide(String id, UnaryOperator<PendingWrite> next) {
        if (!ApprovalIds.isId(id)) {
            throw PendingStore.notFound(); // a forged or altered id names no file, and never a path
        }
        return locked(() -> {
            PendingWrite w = expireIfDue(read(file(id)).orElseThrow(PendingStore::notFound));
            if (!w.state().open()) {
                throw PendingStore.alreadyDecided(w);
            }
            PendingWrite decided = next.apply(w);
            write(decided);
            return decided;
        });
    }

    @Override
    public void finish(PendingWrite w) {
        locked(() -> {
            write(w);
            return null;
        });
    }

    private PendingWrite expireIfDue(PendingWrite w) throws IOException {
        PendingWrite now = PendingStore.expiredIfDue(w, clock.instant());
        if (now != w) {
            write(now);
        }
        return now;
    }

    private boolean isStale(PendingWrite w) {
        return clock.instant().isAfter(Instant.parse(w.expiresAt()).plusSeconds(KEEP_DECIDED_SECONDS));
    }

    private List<PendingWrite> all() throws IOException {
        List<PendingWrite> out = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "apr_*.json")) {
            for (Path f : files) {
                read(f).ifPresent(out::add);
            }
        }
        return out;
    }

    private Optional<PendingWrite> read(Path f) {
        try {
            return Optional.of(MAPPER.readValue(Files.readAllBytes(f), PendingWrite.class));
        } catch (IOException e) {
            return Optional.empty(); // absent, or not a write this store wrote
        }
    }

    private void write(PendingWrite w) throws IOException {
        Path tmp = dir.resolve("." + w.id() + ".tmp");
        Files.write(tmp, MAPPER.writeValueAsBytes(w));
        try {
            Files.move(tmp, file(w.id()), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file(w.id()), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private Path file(String id) {
        return dir.resolve(id + ".json");
    }

    private interface Work<T> {
        T run() throws IOException;
    }

    /**
     * Runs {@code work} holding the directory's lock, against other processes and other threads. A JVM cannot take
     * one file's lock twice, so the stores of one directory in this process first agree on a monitor.
     */
    private <T> T locked(Work<T> work) {
        synchronized (MONITORS.computeIfAbsent(dir.toAbsolutePath().normalize(), k -> new Object())) {
            return lockedFile(work);
        }
    }

    private <T> T lockedFile(Work<T> work) {
        try {
            ensureDirectory();
            try (FileChannel ch = FileChannel.open(
                            dir.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock ignored = ch.lock()) {
                return work.run();
            }
        } catch (IOException e) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "The approval store " + dir + " cannot be used: " + e.getMessage(),
                    "Check that the directory is writable by this account, or choose another one.");
        }
    }

    private void ensureDirectory() throws IOException {
        if (Files.isDirectory(dir)) {
            return;
        }
        Files.createDirectories(dir);
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the account's own permissions apply
        }
    }
}
