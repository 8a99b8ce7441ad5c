package dev.gabysql.server.wire;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.util.List;

/**
 * The body of {@code POST /approvals/{id}}: {@code {"decision": "approve"}} or {@code {"decision": "reject"}}. The
 * word is required and spelt out: a missing or misspelt decision is a 400, never read as either.
 */
public record ApprovalDecision(String decision) {
    public static final List<String> FIELDS = List.of("decision");

    /** True for approve, false for reject; anything else is refused. */
    @JsonIgnore
    public boolean approves() {
        if ("approve".equals(decision)) {
            return true;
        }
        if ("reject".equals(decision)) {
            return false;
        }
        throw new GabyException(
                ErrorCode.BAD_REQUEST,
                decision == null
                        ? "Field `decision` is required."
                        : "Field `decision` must be \"approve\" or \"reject\", not `" + decision + "`.",
                "Send {\"decision\": \"approve\"} or {\"decision\": \"reject\"}.");
    }
}
