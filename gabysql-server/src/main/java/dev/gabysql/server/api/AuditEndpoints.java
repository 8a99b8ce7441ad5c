package dev.gabysql.server.api;

import dev.gabysql.core.api.AuditQuery;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;

/**
 * {@code GET /audit} and {@code GET /audit/verify}: the audit log for a person (docs/http-api.md#audit). It holds
 * every caller's SQL, so only a person's credential reads it — an approver's token, or a console session signed in
 * with one; the filter lets no other through, and the endpoints ask again. Thread-safe.
 */
final class AuditEndpoints {
    private static final int DEFAULT_LIMIT = 50;

    private final GabyService service;

    AuditEndpoints(GabyService service) {
        this.service = service;
    }

    /** {@code GET /audit[?db=&front_end=&caller=&outcome=&limit=&before=]}: newest first. */
    Object list(ApiCall call) {
        requirePerson(call);
        return service.auditEvents(new AuditQuery(
                call.param("db"),
                call.param("front_end"),
                call.param("caller"),
                call.param("outcome"),
                number(call, "before"),
                number(call, "limit") == null
                        ? DEFAULT_LIMIT
                        : number(call, "limit").intValue()));
    }

    /** {@code GET /audit/verify}: the hash chain checked, as {@code gabysql audit verify}. */
    Object verify(ApiCall call) {
        requirePerson(call);
        return service.verifyAudit();
    }

    private static Long number(ApiCall call, String name) {
        String v = call.param(name);
        if (v == null || v.isEmpty()) {
            return null;
        }
        try {
            long n = Long.parseLong(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new GabyException(
                ErrorCode.BAD_REQUEST, name + " must be a whole number from 1.", "For example ?" + name + "=50.");
    }

    private static void requirePerson(ApiCall call) {
        if (!call.isApprover()) {
            throw new GabyException(
                    ErrorCode.NOT_AN_APPROVER, "Only a person's approver token may read the audit log.");
        }
    }
}
