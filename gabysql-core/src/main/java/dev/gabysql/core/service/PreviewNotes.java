package dev.gabysql.core.service;

import java.util.ArrayList;
import java.util.List;

/** The notes a preview answers with, whichever way it ends. Stateless. */
final class PreviewNotes {
    private PreviewNotes() {}

    /** The notes of a preview: a first line the caller replaces, the blast radius, what was not counted, restores. */
    static List<String> of(Evidence ev, WriteRun.Result run, List<String> restored) {
        List<String> notes = new ArrayList<>();
        notes.add("Preview only: the statement ran in a transaction that was rolled back; nothing changed.");
        String summary = ev.blastRadius().summary();
        if (!summary.isEmpty()) {
            notes.add("Blast radius: " + summary + ".");
        }
        if (run.rowsBefore()) {
            notes.add("The rows shown are as they were before the statement (this engine cannot return the rows it"
                    + " changed).");
        }
        if (ev.blastRadius().uncounted() != null) {
            notes.add("Not counted: " + ev.blastRadius().uncounted() + ".");
        }
        notes.addAll(restored);
        return notes;
    }
}
