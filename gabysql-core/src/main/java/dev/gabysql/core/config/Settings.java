package dev.gabysql.core.config;

import dev.gabysql.core.exec.Limits;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Server-wide settings: the server's mode, the default limits of a call, how long a schema stays cached, where
 * the audit log goes. Immutable.
 */
public record Settings(Mode mode, Limits limits, Duration schemaTtl, Path auditLog) {
    public static final Settings DEFAULT = new Settings(Mode.READONLY, Limits.DEFAULT, Duration.ofSeconds(30), null);

    public Settings {
        mode = mode == null ? Mode.READONLY : mode;
        limits = limits == null ? Limits.DEFAULT : limits;
        schemaTtl = schemaTtl == null ? Duration.ofSeconds(30) : schemaTtl;
    }

    public Settings withMode(Mode m) {
        return new Settings(m, limits, schemaTtl, auditLog);
    }

    public Settings withLimits(Limits l) {
        return new Settings(mode, l, schemaTtl, auditLog);
    }

    public Settings withSchemaTtl(Duration ttl) {
        return new Settings(mode, limits, ttl, auditLog);
    }

    public Settings withAuditLog(Path path) {
        return new Settings(mode, limits, schemaTtl, path);
    }
}
