package dev.gabysql.server.wire;

import java.util.List;

/** The answer of {@code GET /approvals}: the writes still waiting for a person, oldest first. */
public record ApprovalList(List<ApprovalAnswer> approvals) {}
