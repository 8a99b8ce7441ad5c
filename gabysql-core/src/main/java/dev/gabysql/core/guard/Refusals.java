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

    static GabyException compoundBody(String start) {
        return new GabyException(
                ErrorCode.UNCLASSIFIABLE,
                "The guard cannot check a compound statement (rule: one statement): the BEGIN … END body of `" + start
                        + "` holds statements of its own, which the guard does not read one by one.",
                "Give it a body of one statement without BEGIN … END, or create it with the database's own client.");
    }

    static GabyException multiple(int offset, String next) {
        return new GabyException(
                ErrorCode.MULTIPLE_STATEMENTS,
                "Exactly one statement per call (rule: one"
                        + " statement): another statement follows the ';' at offset " + offset + " (`" + next + "`).");
    }
}
