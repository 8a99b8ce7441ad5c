package dev.gabysql.core.guard;

import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;

/** The guard's own exceptions, worded in one place. */
final class Refusals {
    private Refusals() {}

    static GabyException empty() {
        return new GabyException(ErrorCode.EMPTY_SQL, "The SQL is empty (nothing but whitespace, comments or ';').");
    }

    static GabyException unclassifiable(String message) {
        return new GabyException(ErrorCode.UNCLASSIFIABLE, message);
    }

    static GabyException multiple(int offset, String next) {
        return new GabyException(
                ErrorCode.MULTIPLE_STATEMENTS,
                "Exactly one statement per call (rule: one"
                        + " statement): another statement follows the ';' at offset " + offset + " (`" + next + "`).");
    }
}
