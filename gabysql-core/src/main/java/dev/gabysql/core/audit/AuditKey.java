package dev.gabysql.core.audit;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Set;

/**
 * The secret the audit chain is keyed with (docs/design.md#audit-log): the configured {@code audit_key} when there
 * is one, otherwise the key file beside the log (the log's name with {@code .key}: {@code audit.jsonl.key}), 32 random
 * bytes made on first use with owner-only permissions (0600). One key file per log, so that a missing log whose key
 * file is there shows as removed. The key is never logged or printed. Stateless.
 */
final class AuditKey {
    static final String SUFFIX = ".key";
    private static final int LENGTH = 32;
    private static final int MIN_CONFIGURED_LENGTH = 16;
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private AuditKey() {}

    /** Where the key of {@code log} lives when none is configured. */
    static Path fileBeside(Path log) {
        Path absolute = log.toAbsolutePath();
        return absolute.resolveSibling(absolute.getFileName() + SUFFIX);
    }

    /** A configured key's bytes; too short a key is a configuration error (it would be guessable). */
    static byte[] configured(String secret) {
        if (secret.length() < MIN_CONFIGURED_LENGTH) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "audit_key is shorter than " + MIN_CONFIGURED_LENGTH + " characters.",
                    "Use a long random secret, e.g. from `openssl rand -hex 32`, through ${ENV} or GABYSQL_AUDIT_KEY.");
        }
        return secret.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The key in {@code file}, made first when there is none. Called with the log's lock held, so that two
     * processes starting together make one key; CREATE_NEW keeps a second maker from replacing it all the same.
     */
    static byte[] loadOrCreate(Path file) throws IOException {
        if (Files.exists(file)) {
            return load(file);
        }
        byte[] key = new byte[LENGTH];
        new SecureRandom().nextBytes(key);
        try {
            Files.write(
                    Files.createFile(file, ownerOnly(file)), key, StandardOpenOption.WRITE, StandardOpenOption.SYNC);
            return key;
        } catch (FileAlreadyExistsException e) {
            return load(file);
        }
    }

    /** The key in {@code file}; NoSuchFileException when there is none. */
    static byte[] load(Path file) throws IOException {
        byte[] key = Files.readAllBytes(file);
        if (key.length < MIN_CONFIGURED_LENGTH) {
            throw new IOException("the audit key file " + file + " holds " + key.length + " bytes, not " + LENGTH);
        }
        return key;
    }

    /** The key for reading a log: configured, or the file beside it, which must exist. */
    static byte[] forReading(Path log, String configured) {
        if (configured != null) {
            return configured(configured);
        }
        Path file = fileBeside(log);
        try {
            return load(file);
        } catch (NoSuchFileException e) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "The audit log " + log + " is chained, but its key file " + file + " does not exist.",
                    "Verify as the user and on the machine that wrote the log, or give the key it was written with"
                            + " (audit_key in gabysql.toml or GABYSQL_AUDIT_KEY).");
        } catch (IOException e) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "The audit key cannot be read: " + e.getMessage() + ".",
                    "Check the key file's owner and permissions (0600, the user who runs gabysql).");
        }
    }

    private static FileAttribute<?>[] ownerOnly(Path file) {
        boolean posix = file.getFileSystem().supportedFileAttributeViews().contains("posix");
        return posix
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_ONLY)}
                : new FileAttribute<?>[0];
    }
}
