package dev.gabysql.core.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Who says yes to a write (docs/design.md#approval). {@code HUMAN}, the default wherever writes are enabled: a
 * preview waits for a person — asked through the MCP client, in a terminal or in the browser — and the agent never
 * holds anything that commits. {@code AGENT}: the preview's confirm token, passed back by the caller, commits; an
 * operator chooses it explicitly (gabysql.toml, a flag, an HTTP token for a trusted program), and a person at the
 * shell's own prompt approves as that caller.
 */
public enum ApprovalPolicy {
    HUMAN,
    AGENT;

    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses "human" or "agent" (any case); null for anything else. */
    @JsonCreator
    public static ApprovalPolicy parse(String text) {
        if (text == null) {
            return null;
        }
        switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "human":
                return HUMAN;
            case "agent":
                return AGENT;
            default:
                return null;
        }
    }
}
