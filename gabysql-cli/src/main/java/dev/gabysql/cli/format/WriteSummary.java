package dev.gabysql.cli.format;

import dev.gabysql.core.api.ExecuteResult;
import dev.gabysql.core.json.Json;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How the CLI reports a write (a preview or a commit) in each output format. The confirm token is never printed:
 * in the CLI the person confirms at the prompt (or with {@code --yes}), not by copying a token.
 */
public final class WriteSummary {
    private WriteSummary() {}

    /** One line saying what happened, e.g. "Preview: 3 rows would be affected (rolled back, nothing committed)." */
    public static String line(ExecuteResult r) {
        String rows = rows(r.affectedRows());
        switch (r.status()) {
            case "previewed":
                return "Preview: " + rows + " would be affected (rolled back, nothing committed yet).";
            case "committed":
                return "Committed: " + rows + " affected.";
            case "no_preview":
                return "No preview: the statement cannot be rehearsed; nothing has run yet.";
            case "awaiting_approval":
                return "Awaiting approval: " + rows
                        + " would be affected (rolled back, nothing committed); approval id " + r.approvalId() + ".";
            case "executed_without_preview":
                return "Executed without preview (the statement cannot be simulated): " + rows + " affected.";
            default:
                return r.status() + ": " + rows + ".";
        }
    }

    /** The whole report in a format: the line, the preview rows and the notes (JSON: one object; CSV: one row). */
    public static String render(Format format, ExecuteResult r) {
        switch (format) {
            case JSON:
                return Json.MAPPER.valueToTree(asMap(r)).toString() + "\n";
            case CSV:
                return "status,affected_rows\r\n" + r.status() + "," + r.affectedRows() + "\r\n";
            default:
                return text(format, r);
        }
    }

    private static String text(Format format, ExecuteResult r) {
        StringBuilder sb = new StringBuilder(line(r)).append('\n');
        if (r.preview() != null && !r.preview().columns().isEmpty()) {
            sb.append(format.render(r.preview()));
        }
        notes(r).forEach(n -> sb.append("note: ").append(n).append('\n'));
        return sb.toString();
    }

    /**
     * The service's notes as a person at the CLI needs them: sentences about passing a confirm_token (the MCP way
     * to confirm; here the prompt or --yes confirms) are left out, and so is a repeat of the summary line.
     */
    public static List<String> notes(ExecuteResult r) {
        List<String> out = new ArrayList<>();
        for (String note : r.notes()) {
            if (r.status().equals("committed") && note.startsWith("Committed")) {
                continue;
            }
            String kept = Arrays.stream(note.split("(?<=\\.) "))
                    .filter(sentence -> !sentence.contains("confirm_token"))
                    .collect(Collectors.joining(" "));
            if (!kept.isBlank()) {
                out.add(kept);
            }
        }
        return out;
    }

    private static Map<String, Object> asMap(ExecuteResult r) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("status", r.status());
        out.put("affected_rows", r.affectedRows());
        if (r.preview() != null) {
            out.put(
                    "preview_columns",
                    r.preview().columns().stream().map(c -> c.name()).toList());
            out.put("preview_rows", r.preview().rows());
        }
        if (r.blastRadius() != null) {
            out.put("blast_radius", r.blastRadius().tables());
            if (r.blastRadius().uncounted() != null) {
                out.put("not_counted", r.blastRadius().uncounted());
            }
        }
        if (!r.noPreview().isEmpty()) {
            out.put("no_preview", r.noPreview());
        }
        if (r.approvalId() != null) {
            out.put("approval_id", r.approvalId());
        }
        out.put("notes", notes(r));
        return out;
    }

    static String rows(long n) {
        return n + (n == 1 ? " row" : " rows");
    }
}
