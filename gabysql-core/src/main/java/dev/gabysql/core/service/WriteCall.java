package dev.gabysql.core.service;

import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.Mode;
import dev.gabysql.core.exec.ConfirmTokens;
import dev.gabysql.core.guard.InspectedStatement;

/** One write call on its way through the write path, and what its token binds (null: no token). */
record WriteCall(
        CallContext ctx,
        DatabaseHandle h,
        Mode mode,
        InspectedStatement stmt,
        ExecuteRequest req,
        AuditedCall audit,
        ConfirmTokens.Binding binding) {
    String db() {
        return h.config().name();
    }
}
