package dev.gabysql.server.api;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import dev.gabysql.server.wire.ReadAnswer;
import dev.gabysql.server.wire.SqlCall;
import dev.gabysql.server.wire.WriteAnswer;

/**
 * {@code POST /sql}: a read goes to {@code GabyService.query}; a write — asked for with {@code "execute": true},
 * a {@code confirm_token} or {@code allow_full_table} — to {@code GabyService.execute}, which previews it or
 * commits a preview. The route follows what the caller asked, not a guess from the SQL (see {@link SqlCall}). Where a
 * person approves (docs/design.md#approval), a preview answers {@code awaiting_approval} with an approval id and
 * where the person says yes; a body with {@code approval_id} asks what became of that write. Thread-safe.
 */
final class SqlEndpoint implements Endpoint {
    private final GabyService service;
    private final boolean httpApprovers;

    SqlEndpoint(GabyService service, boolean httpApprovers) {
        this.service = service;
        this.httpApprovers = httpApprovers;
    }

    @Override
    public Object answer(ApiCall call) {
        SqlCall body = call.body(SqlCall.class, SqlCall.FIELDS);
        if (body.isWrite()) {
            call.askedWrite();
            long start = System.nanoTime();
            var result = service.execute(call.context(), body.toExecute());
            return answer(WriteAnswer.of(result, (System.nanoTime() - start) / 1_000_000));
        }
        try {
            return ReadAnswer.of(service.query(call.context(), body.toQuery()));
        } catch (GabyException e) {
            throw e.code() == ErrorCode.READ_ONLY && writesPossible(call.context()) ? withWriteHint(e) : e;
        }
    }

    /** A write's answer, with where a person approves it when it waits for one. */
    WriteAnswer answer(WriteAnswer answer) {
        return waitsForAPerson(answer) ? answer.withApproveWith(whereToApprove(answer)) : answer;
    }

    private static boolean waitsForAPerson(WriteAnswer a) {
        return a.approvalId() != null && ("awaiting_approval".equals(a.status()) || "pending".equals(a.status()));
    }

    /** Where a person says yes, in this server's terms (the caller asks for the outcome with the id). */
    private String whereToApprove(WriteAnswer a) {
        return httpApprovers
                ? "POST /approvals/" + a.approvalId() + " with an approver's token, or `gabysql approve` at a"
                        + " terminal"
                : "`gabysql approve` at a terminal of the account gabysql serve runs as (this server has no"
                        + " approver token, so it takes no approvals over HTTP)";
    }

    private boolean writesPossible(CallContext ctx) {
        return service.highestMode().capTo(ctx.callerCap()).allowsWrites();
    }

    /** The core's hint names the MCP tool; over HTTP the way to a write is the execute flag. */
    private static GabyException withWriteHint(GabyException e) {
        return new GabyException(
                e.code(),
                e.getMessage(),
                "This was sent as a read. To preview a write, send it"
                        + " again with \"execute\": true, then commit with the confirm_token the preview returns.");
    }
}
