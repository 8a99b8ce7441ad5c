// A write's way through the server, shown the same on the Query and the Approvals pages: the preview with its
// blast radius and sample rows (nothing is committed before the person has seen them), then the commit with a
// confirm token, or the decision on a write that waits for a person (POST /approvals/{id}).

import { post, seg } from "./api.js";
import { age, h, localTime } from "./dom.js";
import { badge, blastRadius, notes, resultGrid } from "./widgets.js";

const STATES = {
  committed: "ok",
  previewed: "info",
  awaiting_approval: "warn",
  pending: "warn",
  no_preview: "warn",
  rejected: "bad",
  expired: "bad",
  changed: "bad",
  failed: "bad",
};

/** A state or status as a coloured badge. */
export function stateBadge(state) {
  return badge(String(state || "?").replaceAll("_", " "), STATES[state] || null);
}

/** POST /approvals/{id} {"decision"}; returns the write as decided. */
export function decide(id, decision) {
  return post(`/approvals/${seg(id)}`, { decision });
}

/** The preview part of a write or a pending approval: counts, blast radius, sample rows, notes. */
export function previewDetails(answer) {
  const sample = answer.preview || answer.sample;
  return [
    answer.affected_rows !== undefined ? h("p", { class: "affected" }, h("strong", { text: String(answer.affected_rows) }), ` row${answer.affected_rows === 1 ? "" : "s"} affected by the statement`) : null,
    blastRadius(answer.blast_radius),
    answer.no_preview ? h("div", { class: "no-preview" }, h("h4", { text: "Cannot be rehearsed" }), notes([answer.no_preview].flat())) : null,
    sample && sample.columns ? [h("h4", { text: "Sample rows" }), resultGrid(sample, "Rows the write touches (from the preview)")] : null,
    notes(answer.notes),
  ];
}

/** What became of a decided write: state, committed rows, who decided, the server's message. */
export function outcome(answer) {
  const state = answer.state || answer.status;
  const rows = answer.committed_rows ?? (state === "committed" ? answer.affected_rows : undefined);
  return h(
    "div",
    { class: ["outcome", "outcome-" + state], role: "status" },
    h("p", null, stateBadge(state), rows !== undefined ? h("span", { text: ` ${rows} row${rows === 1 ? "" : "s"} committed.` }) : null, answer.decided_by ? h("span", { class: "muted", text: ` Decided by ${answer.decided_by}${answer.via ? " via " + answer.via : ""}.` }) : null),
    answer.message ? h("p", { text: answer.message }) : null,
    notes(answer.state ? null : answer.notes),
  );
}

/** The facts of a pending approval (who asked, when, until when). */
export function approvalFacts(a) {
  const created = h("span", { class: "age", dataset: { time: a.created_at || "" }, text: age(a.created_at) });
  return h(
    "dl",
    { class: "facts" },
    h("dt", { text: "Database" }),
    h("dd", { class: "mono", text: a.db }),
    h("dt", { text: "Asked by" }),
    h("dd", null, h("span", { class: "mono", text: a.client || "?" }), a.front_end ? [" via ", badge(a.front_end)] : null),
    h("dt", { text: "Asked" }),
    h("dd", null, created, h("span", { class: "muted", text: " (" + localTime(a.created_at) + ")" })),
    h("dt", { text: "Expires" }),
    h("dd", { text: localTime(a.expires_at) + " (" + age(a.expires_at) + ")" }),
    h("dt", { text: "Mode" }),
    h("dd", null, badge(a.mode || "?", "mode"), a.rehearsed === false ? [" ", badge("not rehearsed: runs without a preview", "bad")] : null, a.allow_full_table ? [" ", badge("full-table write", "warn")] : null),
    a.params && a.params.length ? [h("dt", { text: "Parameters" }), h("dd", { class: "mono", text: JSON.stringify(a.params) })] : null,
  );
}

/** Approve and Reject buttons for approval id; then(result) gets the decided write, or the error. */
export function decisionButtons(id, canDecide, then, labels = {}) {
  const approve = h("button", { type: "button", class: "primary", text: labels.approve || "Approve and commit", disabled: !canDecide });
  const reject = h("button", { type: "button", class: "danger", text: labels.reject || "Reject", disabled: !canDecide });
  const run = async (decision) => {
    approve.disabled = true;
    reject.disabled = true;
    try {
      then(await decide(id, decision), null);
    } catch (e) {
      approve.disabled = !canDecide;
      reject.disabled = !canDecide;
      then(null, e);
    }
  };
  approve.addEventListener("click", () => run("approve"));
  reject.addEventListener("click", () => run("reject"));
  return h("div", { class: "actions" }, approve, reject);
}
