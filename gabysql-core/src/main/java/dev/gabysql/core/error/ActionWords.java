package dev.gabysql.core.error;

/**
 * A front end's words for the {@link Action}s the core names (docs/design.md#errors): MCP says which tool and
 * argument, HTTP which field, the shell which command or flag. Where a front end has no words for an action, the
 * failure's neutral hint stands.
 */
public interface ActionWords {

    /** This front end's hint for an action, or null to keep the neutral one. */
    String wordsFor(Action action);

    /** The hint of a failure in this front end's words. */
    default String hintOf(GabyException e) {
        String words = e.action() == null ? null : wordsFor(e.action());
        return words != null ? words : e.hint();
    }
}
