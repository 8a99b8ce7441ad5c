package dev.gabysql.cli.run;

import dev.gabysql.cli.format.Format;
import dev.gabysql.cli.format.WriteSummary;
import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.QueryResult;
import dev.gabysql.core.curated.CuratedTools;
import dev.gabysql.core.error.GabyException;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Script mode and {@code -c}: runs statements one by one, results on stdout, errors on stderr; stops at the first
 * error (or goes on with {@code --continue-on-error}). A write that is previewed but not committed counts as an
 * error, so that a script never believes it wrote what it did not.
 */
public final class ScriptRunner {
    private final StatementExecutor executor;
    private final String db;
    private final Format format;
    private final CommandLine cl;
    private final ScriptConfirmer confirmer;
    private CuratedTools tools = CuratedTools.NONE;

    public ScriptRunner(GabyService service, String db, Format format, CommandLine cl, ScriptConfirmer confirmer) {
        ApprovalPolicy approval = confirmer.approval();
        this.executor =
                new StatementExecutor(service, () -> CallContext.of("cli").withApproval(approval));
        this.db = db;
        this.format = format;
        this.cl = cl;
        this.confirmer = confirmer;
    }

    /** The curated tools that {@code \tool NAME …} lines call (docs/configuration.md#curated-tools). */
    public ScriptRunner withTools(CuratedTools curated) {
        this.tools = curated;
        return this;
    }

    public int runAll(Iterable<String> statements, boolean continueOnError) {
        int exit = 0;
        for (String sql : statements) {
            if (!runOne(sql)) {
                exit = 1;
                if (!continueOnError) {
                    break;
                }
            }
        }
        return exit;
    }

    /** Runs one statement and prints what came of it; false when it failed or was left uncommitted. */
    private boolean runOne(String sql) {
        try {
            StatementExecutor.Outcome outcome = ToolCommand.is(sql) ? runTool(sql) : executor.run(db, sql, confirmer);
            if (outcome == null) {
                return true;
            }
            if (outcome.isRead()) {
                print(outcome.read());
                return true;
            }
            printWrite(outcome);
            return !outcome.isUncommitted();
        } catch (GabyException e) {
            ErrorLines.print(cl.getErr(), e);
            return false;
        }
    }

    /** A {@code \tool} line: the tool's outcome, or null when it only listed the tools. */
    private StatementExecutor.Outcome runTool(String line) {
        ToolCommand.Call call = ToolCommand.parse(line, tools);
        if (call == null) {
            cl.getOut().print(ToolCommand.list(tools));
            cl.getOut().flush();
            return null;
        }
        return executor.runTool(call.tool(), call.values(), confirmer);
    }

    private void print(QueryResult result) {
        PrintWriter out = cl.getOut();
        out.print(format.render(result));
        out.flush();
        if (result.note() != null) {
            note(result.note());
        }
    }

    private void printWrite(StatementExecutor.Outcome outcome) {
        PrintWriter out = cl.getOut();
        if (outcome.committed() != null) {
            out.print(WriteSummary.render(format, outcome.committed()));
        } else if (!confirmer.showedPreview()) {
            out.print(WriteSummary.render(format, outcome.preview()));
        }
        out.flush();
        if (outcome.awaitsApproval()) {
            note("not committed: it waits for a person's approval (approval id "
                    + outcome.preview().approvalId()
                    + "). Run `gabysql approve` in a terminal to approve or reject it, or rerun the script"
                    + " with --yes to commit its writes yourself.");
        } else if (outcome.isUncommitted()) {
            note(
                    confirmer.askedPerson()
                            ? "not committed."
                            : "not committed: a script commits writes only with"
                                    + " --yes (the preview above was rolled back).");
        }
    }

    private void note(String text) {
        cl.getErr().println("note: " + text);
        cl.getErr().flush();
    }
}
