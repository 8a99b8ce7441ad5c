package dev.gabysql.core.api;

/**
 * The character budget of one answer by default (docs/design.md#limits-and-cancellation): a result, a schema page
 * or a catalog listing stays within it and says {@code truncated} when it was cut. Front ends that cut a listing
 * themselves use the same figure as the executor.
 */
public final class ResultBudget {
    /** The most characters one answer carries by default. */
    public static final int DEFAULT_CHARS = 200_000;

    private ResultBudget() {}
}
