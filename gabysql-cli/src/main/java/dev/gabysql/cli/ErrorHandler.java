package dev.gabysql.cli;

import dev.gabysql.cli.run.ErrorLines;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/** Prints a failure as one clean line (code, message, hint) on stderr: never a stack trace. */
final class ErrorHandler implements IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, ParseResult parsed) {
        if (ex instanceof GabyException) {
            GabyException g = (GabyException) ex;
            print(cl, g);
            return g.code().exitCode();
        }
        cl.getErr()
                .println("error [" + ErrorCode.INTERNAL.name() + "]: "
                        + ex.getClass().getSimpleName() + ": " + ex.getMessage());
        cl.getErr().flush();
        return 1;
    }

    private static void print(CommandLine cl, GabyException g) {
        ErrorLines.print(cl.getErr(), g);
    }
}
