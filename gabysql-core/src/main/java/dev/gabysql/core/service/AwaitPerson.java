package dev.gabysql.core.service;

import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.api.PendingWrite;
import java.util.ArrayList;
import java.util.List;

/** Approval human: the preview is kept for a person; the caller gets its id, which commits nothing. */
final class AwaitPerson implements PreviewFinish {
    private final PendingWrites approvals;

    AwaitPerson(PendingWrites approvals) {
        this.approvals = approvals;
    }

    @Override
    public ExecuteResult previewed(WriteCall call, Evidence ev, WriteRun.Result run, List<String> restored) {
        List<String> notes = PreviewNotes.of(ev, run, restored);
        PendingWrite w = approvals.await(
                call.ctx(),
                call.req(),
                call.db(),
                call.stmt(),
                call.mode(),
                true,
                ev.count(),
                ev.bound(),
                ev.blastRadius(),
                run.rows(),
                notes);
        return awaiting(
                call,
                w,
                "Preview only: the statement ran in a transaction that was rolled back; nothing changed.",
                List.of());
    }

    @Override
    public ExecuteResult unrehearsed(WriteCall call, List<String> why) {
        String reasons = String.join("; ", why);
        PendingWrite w = approvals.await(
                call.ctx(),
                call.req(),
                call.db(),
                call.stmt(),
                call.mode(),
                false,
                0,
                "unrehearsed",
                null,
                null,
                List.of("NO PREVIEW: `" + call.stmt().command() + "` cannot be rehearsed: " + reasons
                        + ". Approving runs it for real, at once, and it cannot be undone."));
        return awaiting(
                call,
                w,
                "Nothing has run: `" + call.stmt().command() + "` cannot be rehearsed (" + reasons + ").",
                why);
    }

    private ExecuteResult awaiting(WriteCall call, PendingWrite w, String first, List<String> why) {
        call.audit().token(w.id()).done("awaiting_approval", w.affectedRows());
        List<String> notes = new ArrayList<>();
        notes.add(first + " It waits for a person's approval (approval id " + w.id() + ", until " + w.expiresAt()
                + "); nothing commits until they approve.");
        notes.addAll(w.notes().subList(Math.min(1, w.notes().size()), w.notes().size()));
        return new ExecuteResult(
                "awaiting_approval",
                w.affectedRows(),
                w.sample(),
                null,
                w.expiresAt(),
                notes,
                w.blastRadius(),
                why,
                w.id());
    }
}
