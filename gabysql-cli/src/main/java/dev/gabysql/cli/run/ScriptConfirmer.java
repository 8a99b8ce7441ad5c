package dev.gabysql.cli.run;

import dev.gabysql.cli.format.Format;
import dev.gabysql.cli.format.WriteSummary;
import dev.gabysql.core.api.ApprovalPolicy;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.StatementInfo;
import java.io.Console;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Who confirms writes outside the shell: {@code --yes} commits, a terminal (for {@code -c}) is asked
 * {@code Commit? [y/N]}, and anything else leaves the preview uncommitted — or, where a person approves the
 * database's writes, kept for {@code gabysql approve} (docs/design.md#approval). Full-table writes pass only with
 * {@code --allow-full-table}.
 */
public final class ScriptConfirmer implements StatementExecutor.Confirmer {
    private final boolean yes;
    private final boolean allowFullTable;
    private final Console console;
    private final PrintWriter out;
    private boolean showedPreview;

    /** @param console the terminal to ask on, or null when nobody can answer */
    public ScriptConfirmer(boolean yes, boolean allowFullTable, Console console, PrintWriter out) {
        this.yes = yes;
        this.allowFullTable = allowFullTable;
        this.console = console;
        this.out = out;
    }

    @Override
    public boolean commit(String sql, ExecuteResult preview) {
        showedPreview = false;
        if (yes) {
            return true;
        }
        if (console == null) {
            return false;
        }
        out.print(WriteSummary.render(Format.TABLE, preview));
        out.flush();
        showedPreview = true;
        String answer = console.readLine("Commit? [y/N] ");
        return answer != null && answer.strip().toLowerCase(Locale.ROOT).startsWith("y");
    }

    @Override
    public boolean allowFullTable(String sql, StatementInfo statement) {
        return allowFullTable;
    }

    /**
     * Who approves this run's writes: {@link ApprovalPolicy#AGENT} — this process's own yes commits — when a person
     * answers {@code Commit? [y/N]} on the terminal, or when the operator gave {@code --yes} (their choice for the
     * whole script, made before it ran; docs/security.md says what that does and does not prove). Otherwise null:
     * the database's policy decides, and with approval human a write waits for {@code gabysql approve}.
     */
    public ApprovalPolicy approval() {
        return yes || console != null ? ApprovalPolicy.AGENT : null;
    }

    /** Whether the last preview was already printed while asking. */
    boolean showedPreview() {
        return showedPreview;
    }

    /** Whether a person was asked (so "not committed" was their answer, not a missing --yes). */
    boolean askedPerson() {
        return console != null && !yes;
    }
}
