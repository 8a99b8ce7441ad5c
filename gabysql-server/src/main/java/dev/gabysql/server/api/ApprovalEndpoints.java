package dev.gabysql.server.api;

import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.wire.ApprovalAnswer;
import dev.gabysql.server.wire.ApprovalDecision;
import dev.gabysql.server.wire.ApprovalList;
import java.util.regex.Pattern;

/**
 * A person's side of approval over HTTP (docs/design.md#approval): {@code GET /approvals} lists the writes that wait,
 * {@code POST /approvals/{id}} approves (commits once, under the preview's conditions) or rejects one. Only an
 * approver's token gets here: the auth filter turns every other caller away, and each endpoint asks again. The
 * decision is taken in the approver's context — front end "http", the token's name — so that the audit says who
 * approved and how. Thread-safe.
 */
final class ApprovalEndpoints {
    /** The shape of an approval id: anything else names no write (and never reaches the store as a file name). */
    private static final Pattern ID = Pattern.compile("apr_[A-Za-z0-9_-]{22}");

    private final GabyService service;

    ApprovalEndpoints(GabyService service) {
        this.service = service;
    }

    /** {@code GET /approvals}. */
    Object list(ApiCall call) {
        requireApprover(call);
        return new ApprovalList(service.pendingWrites(call.context()).stream()
                .map(ApprovalAnswer::of)
                .toList());
    }

    /** {@code POST /approvals/{id}} with {@code {"decision": "approve" | "reject"}}. */
    Object decide(ApiCall call) {
        requireApprover(call);
        String id = call.var("id");
        if (id == null || !ID.matcher(id).matches()) {
            throw new GabyException(ErrorCode.APPROVAL_NOT_FOUND, "No write waits under this approval id.");
        }
        boolean approve =
                call.body(ApprovalDecision.class, ApprovalDecision.FIELDS).approves();
        PendingWrite decided = service.decide(call.context(), id, approve);
        return ApprovalAnswer.of(decided);
    }

    private static void requireApprover(ApiCall call) {
        if (!call.isApprover()) {
            throw new GabyException(
                    ErrorCode.NOT_AN_APPROVER, "Only an approver's token may list, approve or reject writes.");
        }
    }
}
