package dev.gabysql.cli;

import java.io.Console;
import java.lang.reflect.Method;

/**
 * Whether a person can be at this process's terminal: standard input and standard output both a terminal, not a
 * pipe, a file or {@code /dev/null}. {@code gabysql approve} requires it and the shell's own {@code Commit? [y/N]}
 * counts as a person's yes only on it (docs/security.md#approval-in-a-terminal). Stateless.
 */
final class Terminals {
    private Terminals() {}

    /**
     * The console when both standard streams are a terminal, else null. Java 17's {@link System#console()} is null
     * unless they are; a later JDK may give a console on pipes too, and then says with {@code isTerminal()}, which
     * is asked for where it exists.
     */
    static Console interactive() {
        Console c = System.console();
        if (c == null) {
            return null;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return Boolean.TRUE.equals(isTerminal.invoke(c)) ? c : null;
        } catch (NoSuchMethodException e) {
            return c; // Java 17 to 21: a console exists only on a terminal
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // when in doubt, nobody is asked
        }
    }
}
