package dev.gabysql.cli.run;

import dev.gabysql.cli.format.PendingWriteText;
import dev.gabysql.core.api.CallContext;
import dev.gabysql.core.api.DatabaseInfo;
import dev.gabysql.core.api.ExecuteRequest;
import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.GabyService;
import dev.gabysql.core.api.PendingWrite;
import dev.gabysql.core.error.ErrorCode;
import dev.gabysql.core.error.GabyException;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.List;
import java.util.Locale;

/**
 * What {@code gabysql approve} does once it knows a person sits at the terminal (docs/design.md#approval): lists the
 * writes that wait, shows the one the person picks with its whole preview, asks for a typed confirmation — the last
 * four characters of its id, so that a stray Enter or a {@code y} typed ahead approves nothing — and only then
 * decides it through {@link GabyService#decide}, which commits in this process. A write whose database this
 * process cannot write is refused before it is decided, so that a wrong catalog does not use up its approval.
 * Single-threaded.
 */
public final class Approver {
    /** How many characters of the id the person types to approve. */
    static final int CONFIRM_CHARS = 4;

    /** A question to the person at the terminal; null when the input ended. */
    public interface Prompt {
        String readLine(String question);
    }

    private final GabyService service;
    private final CallContext ctx;
    private final PrintWriter out;
    private final Prompt prompt;
    private final Clock clock;
    private final String store;

    /**
     * @param ctx    the person's context: its client names them in the audit log and as the write's decider
     * @param store  where the writes wait, for messages
     */
    public Approver(GabyService service, CallContext ctx, PrintWriter out, Prompt prompt, Clock clock, String store) {
        this.service = service;
        this.ctx = ctx;
        this.out = out;
        this.prompt = prompt;
        this.clock = clock;
        this.store = store;
    }

    /** {@code gabysql approve ID} or {@code --reject ID}: 0 when the write was committed or rejected as asked. */
    public int decide(String id, boolean approve) {
        PendingWrite w = service.pendingWrites(ctx).stream()
                .filter(p -> p.id().equals(id))
                .findFirst()
                .orElseThrow(() -> noLongerWaiting(id));
        out.print(PendingWriteText.render(w, clock.instant(), ""));
        out.flush();
        return confirmAndDecide(w, approve) ? 0 : 1;
    }

    /** {@code gabysql approve}: the list, a pick, a confirmation, again until nothing waits or the person leaves. */
    public int pick() {
        while (true) {
            List<PendingWrite> pending = service.pendingWrites(ctx);
            if (pending.isEmpty()) {
                out.println("No write waits for approval (in " + store + ").");
                out.flush();
                return 0;
            }
            out.println(pending.size() + (pending.size() == 1 ? " write waits" : " writes wait") + " for approval:");
            for (int i = 0; i < pending.size(); i++) {
                out.println();
                out.print(PendingWriteText.render(pending.get(i), clock.instant(), "     ")
                        .replaceFirst("^     ", String.format(Locale.ROOT, "%-5s", "[" + (i + 1) + "]")));
            }
            out.println();
            out.flush();
            String answer = prompt.readLine("Approve which? Its number (r NUMBER rejects it; Enter quits): ");
            if (answer == null || answer.isBlank()) {
                return 0;
            }
            String a = answer.strip();
            boolean approve = !a.toLowerCase(Locale.ROOT).startsWith("r");
            String number = approve ? a : a.substring(1).strip();
            int n;
            try {
                n = Integer.parseInt(number);
            } catch (NumberFormatException e) {
                n = -1;
            }
            if (n < 1 || n > pending.size()) {
                out.println("No write numbered `" + number + "`: type a number from 1 to " + pending.size() + ".");
                continue;
            }
            try {
                confirmAndDecide(pending.get(n - 1), approve);
            } catch (GabyException e) {
                ErrorLines.print(out, e);
            }
        }
    }

    /** Asks for the confirmation, then decides; true when the write ended as the person asked. */
    private boolean confirmAndDecide(PendingWrite w, boolean approve) {
        if (approve) {
            requireWritableHere(w);
        }
        if (!confirmed(w, approve)) {
            out.println("Nothing decided: `" + w.id() + "` still waits.");
            out.flush();
            return false;
        }
        PendingWrite done = service.decide(ctx, w.id(), approve);
        out.println(PendingWriteText.outcome(done));
        out.flush();
        return done.state() == (approve ? PendingWrite.State.COMMITTED : PendingWrite.State.REJECTED);
    }

    private boolean confirmed(PendingWrite w, boolean approve) {
        if (!approve) {
            String a = prompt.readLine("Reject `" + w.id() + "`? Nothing will change on `" + w.db() + "`. [y/N] ");
            return a != null && (a.strip().equalsIgnoreCase("y") || a.strip().equalsIgnoreCase("yes"));
        }
        String a = prompt.readLine("To commit it to `" + w.db() + "`, type the last " + CONFIRM_CHARS
                + " characters of its id (anything else cancels): ");
        return a != null && a.strip().equals(w.id().substring(w.id().length() - CONFIRM_CHARS));
    }

    /**
     * The write's database must be one this process can write; otherwise deciding would use the approval up on a
     * commit that cannot run (a catalog other than the one of the gabysql that asked).
     */
    private void requireWritableHere(PendingWrite w) {
        for (DatabaseInfo db : service.listDatabases(ctx)) {
            if (db.name().equals(w.db())) {
                if (db.mode().allowsWrites()) {
                    return;
                }
                throw new GabyException(
                        ErrorCode.READ_ONLY,
                        "`" + w.db() + "` cannot be written here, so `" + w.id() + "` was left waiting.",
                        "Its database allows no writes (max_mode); change that in gabysql.toml, or reject the write.");
            }
        }
        throw new GabyException(
                ErrorCode.UNKNOWN_DATABASE,
                "`" + w.db() + "` is not a database of this catalog, so `" + w.id() + "` was left waiting.",
                "Run gabysql approve with the same --config, --db or --data-dir as the gabysql that asked.");
    }

    /** An id that is not waiting: what became of it, when a database of this catalog knows it. */
    private GabyException noLongerWaiting(String id) {
        for (DatabaseInfo db : service.listDatabases(ctx)) {
            ExecuteResult r;
            try {
                r = service.execute(ctx, new ExecuteRequest(db.name(), null, null, null, false, id));
            } catch (GabyException e) {
                continue; // not this database's write
            }
            return new GabyException(
                    ErrorCode.APPROVAL_CLOSED,
                    "`" + id + "` no longer waits for approval: it is " + r.status() + ". "
                            + String.join(" ", r.notes()),
                    "An approval id is decided once; gabysql approve lists the writes that still wait.");
        }
        return new GabyException(
                ErrorCode.APPROVAL_NOT_FOUND,
                "No write waits under `" + id + "` in " + store + ".",
                "gabysql approve lists the writes that wait; use the same --config or --approvals-dir as the"
                        + " gabysql that asked.");
    }
}
