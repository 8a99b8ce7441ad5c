package dev.gabysql.cli;

import dev.gabysql.cli.run.Approver;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.io.Console;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gabysql approve [ID]}: a person approves or rejects the writes that wait for them (approval human,
 * docs/design.md#approval). Opens the same catalog and approval store as the other commands and commits an approved
 * write in this process, under the mode its preview recorded (capped by the database's {@code max_mode}, and by
 * {@code --mode} when given). It runs only on an interactive terminal, so that an agent's shell tool cannot simply
 * run it: a barrier on one user account, not a wall (docs/security.md#approval-in-a-terminal).
 */
@Command(
        name = "approve",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Approve or reject the writes that wait for a person (approval human): each is shown with its database,"
                    + " SQL, parameters, blast radius, sample rows, who asked and when it expires.",
            "Without ID: lists them and asks which to decide. Approving asks you to type the last 4 characters of"
                    + " the id, then commits the write here, once, only if the data still matches its preview.",
            "Runs only on an interactive terminal (not a pipe, a file or /dev/null). Use the same --config,"
                    + " --db, --data-dir or --approvals-dir as the gabysql that asked."
        },
        footer = {
            "",
            "Examples:",
            "  gabysql approve --config gabysql.toml        # list, pick, confirm",
            "  gabysql approve apr_Qm4x…                    # approve that one",
            "  gabysql approve --reject apr_Qm4x…           # reject it: nothing changes"
        })
final class ApproveCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "ID", description = "The approval id (apr_…) to decide.")
    String id;

    @Option(names = "--reject", description = "Reject the write ID instead of approving it.")
    boolean reject;

    @Mixin
    CommonOptions common;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (reject && id == null) {
            throw new GabyException(
                    ErrorCode.CONFIG_INVALID,
                    "--reject needs the id of the write to reject.",
                    "For example: gabysql approve --reject apr_…; gabysql approve alone lists the writes.");
        }
        Console console = Terminals.interactive();
        if (console == null) {
            throw new GabyException(
                    ErrorCode.NOT_AN_APPROVER,
                    "gabysql approve needs an interactive terminal: its standard input or output is a pipe, a file"
                            + " or /dev/null, so no person can be asked.",
                    "Run it yourself in a terminal. An agent's write waits there for you; a program that must"
                            + " commit on its own needs approval = \"agent\" (docs/security.md).");
        }
        PrintWriter out = spec.commandLine().getOut();
        try (GabyService service = Services.approver(common)) {
            Approver approver = new Approver(
                    service,
                    CallContext.of("cli").withClient("user " + System.getProperty("user.name") + " (gabysql approve)"),
                    out,
                    question -> {
                        out.flush();
                        return console.readLine("%s", question);
                    },
                    Clock.systemUTC(),
                    common.settings().approvalsPlace());
            return id == null ? approver.pick() : approver.decide(id.strip(), !reject);
        }
    }
}
