package dev.gabysql.core.service;

import dev.gabysql.core.api.BlastRadius;
import dev.gabysql.core.exec.ConfirmTokens;

/**
 * What a run of a write changed, in the form a confirm token binds (docs/design.md#writes-preview-and-confirm): the
 * statement's count, the counts per table (cascades and triggers included) and the digest of the affected rows. The
 * commit compares its own evidence with the preview's and commits only when they are equal.
 *
 * @param count       the rows the statement affected
 * @param blastRadius the rows per table
 * @param rowsDigest  the digest of the affected rows, or null when the statement's text and parameters already
 *                    decide its rows (an INSERT … VALUES) or the per-table counts bind it (MERGE)
 */
record Evidence(long count, BlastRadius blastRadius, String rowsDigest) {

    /** The value bound into the token: a hash of the counts, and the rows' digest. */
    String bound() {
        String counts = ConfirmTokens.statementHash(count + "|" + blastRadius.canonical(), "");
        return counts + "." + (rowsDigest == null ? "-" : rowsDigest);
    }

    /** Why {@code previewed} (a token's bound value) and this run differ, in a sentence; null when they do not. */
    String differenceFrom(String previewed, long previewedCount) {
        if (previewed.equals(bound())) {
            return null;
        }
        if (previewedCount != count) {
            return "it affected " + previewedCount + " rows then and " + count + " now";
        }
        String previewedCounts = previewed.substring(0, previewed.indexOf('.'));
        if (!previewedCounts.equals(bound().substring(0, bound().indexOf('.')))) {
            return "it changes other tables, or as many rows in other proportions, than the preview showed (now: "
                    + blastRadius.summary() + ")";
        }
        return "it affects as many rows as then, but not the same rows";
    }
}
