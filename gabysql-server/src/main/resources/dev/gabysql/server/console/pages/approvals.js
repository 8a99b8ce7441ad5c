// Approvals: the writes waiting for a person (GET /approvals, polled every 2 s while the page is visible), each
// with its database, SQL, parameters, blast radius, sample rows, who asked and how long ago; Approve and commit
// or Reject (POST /approvals/{id}). Only an approver's session may decide; other sessions are told why not.

import { get } from "../api.js";
import { age, h, replace } from "../dom.js";
import { sqlBlock } from "../sql.js";
import { errorBox, notice } from "../widgets.js";
import { approvalFacts, decisionButtons, outcome, previewDetails, stateBadge } from "../writes.js";

const POLL_MS = 2000;

export async function render(root, ctx) {
  const approver = !!(ctx.session && ctx.session.approver);
  const status = h("p", { class: "muted small-text", "aria-live": "off" });
  const problem = h("div", { "aria-live": "polite" });
  const list = h("div", { class: "approval-list" });
  const decided = h("div", { class: "decided-list", "aria-live": "polite" });
  root.append(
    h("div", { class: "page-head" }, h("h1", { text: "Approvals" }), status),
    approver
      ? h("p", { class: "lead", text: "Writes agents asked for that wait for a person. Approving commits the write once, in the server, only if it still changes the rows the preview showed." })
      : notice(
          "warn",
          h("strong", { text: "You cannot approve from this session. " }),
          `You are logged in as ${ctx.session.caller || "a caller"}, whose token is not an approver's. Approving needs a credential the agents do not have: log in with an approver's token (--approver-token, GABYSQL_APPROVER_TOKEN or role = "approver" in [[tokens]]), or use \`gabysql approve\` at a terminal of the server's account.`,
        ),
    problem,
    list,
    decided,
  );
  const cards = new Map();
  const decidedIds = new Set(); // a poll sent before a decision may still list the write: it is not shown again
  let timer = null;
  let stopped = false;
  let inFlight = false;

  async function poll() {
    if (stopped || inFlight) {
      return;
    }
    inFlight = true;
    try {
      const answer = await get("/approvals");
      if (stopped) {
        return;
      }
      replace(problem);
      update(answer.approvals || []);
      status.textContent = `Updated ${new Date().toLocaleTimeString()} · refreshes every ${POLL_MS / 1000} s`;
    } catch (e) {
      if (!stopped) {
        replace(problem, errorBox(e));
        status.textContent = "";
      }
      if (e.status === 403) {
        stopped = true; // this session may not list approvals: asking again every 2 s would change nothing
      }
    } finally {
      inFlight = false;
      schedule();
    }
  }

  function schedule() {
    clearTimeout(timer);
    if (!stopped && document.visibilityState === "visible") {
      timer = setTimeout(poll, POLL_MS);
    }
  }

  function update(approvals) {
    const ids = new Set(approvals.map((a) => a.id));
    for (const [id, card] of cards) {
      if (!ids.has(id)) { // decided elsewhere (another person, `gabysql approve`) or expired
        card.element.remove();
        cards.delete(id);
      }
    }
    for (const a of approvals) {
      if (!cards.has(a.id) && !decidedIds.has(a.id)) {
        const card = approvalCard(a);
        cards.set(a.id, card);
        list.append(card.element);
      }
    }
    for (const el of list.querySelectorAll(".age[data-time]")) {
      el.textContent = age(el.dataset.time);
    }
    showEmpty();
  }

  function showEmpty() {
    const pending = cards.size;
    if (pending === 0 && !list.querySelector(".empty-state")) {
      list.append(h("p", { class: "empty-state", text: "No write is waiting for approval." }));
    } else if (pending > 0) {
      list.querySelectorAll(".empty-state").forEach((el) => el.remove());
    }
  }

  function approvalCard(a) {
    const result = h("div", { class: "write-result", "aria-live": "polite" });
    const card = { decided: false };
    const buttons = decisionButtons(a.id, approver, (answer, error) => {
      if (error) {
        replace(result, errorBox(error));
        return;
      }
      card.decided = true;
      decidedIds.add(a.id);
      replace(result, outcome(answer));
      card.element.classList.add("decided");
      buttons.remove();
      decided.prepend(card.element);
      cards.delete(a.id);
      showEmpty();
    });
    card.element = h(
      "article",
      { class: "card approval", "aria-label": `Write ${a.id} on ${a.db}` },
      h("header", { class: "approval-head" }, h("h2", { class: "mono", text: a.id }), stateBadge(a.state || "pending")),
      approvalFacts(a),
      sqlBlock(a.sql),
      previewDetails(a),
      approver ? buttons : null,
      result,
    );
    return card;
  }

  const onVisibility = () => {
    if (document.visibilityState === "visible") {
      poll();
    } else {
      clearTimeout(timer);
    }
  };
  document.addEventListener("visibilitychange", onVisibility);
  await poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onVisibility);
  };
}
