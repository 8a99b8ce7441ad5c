package dev.gabysql.cli.run;

import dev.gabysql.core.error.GabyException;
import java.io.PrintWriter;

/**
 * A failure as the command line shows it: {@code error [CODE]: message} and, when there is one, {@code hint: …}
 * in the shell's terms ({@link ShellWords}); never a stack trace. Shared by the commands' error handler and the
 * script runner, so that both print the same lines. Stateless.
 */
public final class ErrorLines {
    private ErrorLines() {}

    /** Prints {@code g} on {@code err} and flushes it. */
    public static void print(PrintWriter err, GabyException g) {
        err.println("error [" + g.code().name() + "]: " + g.getMessage());
        String hint = ShellWords.INSTANCE.hintOf(g);
        if (hint != null && !hint.isBlank()) {
            err.println("hint: " + hint);
        }
        err.flush();
    }
}
