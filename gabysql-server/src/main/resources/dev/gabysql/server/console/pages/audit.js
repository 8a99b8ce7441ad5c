// Audit: the audit log, newest first (GET /audit, 50 events a page, "Older" follows the cursor), filtered by
// database, front end, caller and outcome. The events of one write — its preview, the approval, the commit —
// share an approval id or a token id and are shown together as one story. "Verify chain" checks the log's
// hash chain (GET /audit/verify).

import { get } from "../api.js";
import { h, localTime, replace } from "../dom.js";
import { sqlBlock } from "../sql.js";
import { badge, errorBox, field, loading, notice } from "../widgets.js";

const filters = { db: "", front_end: "", caller: "", outcome: "" };
const PAGE = 50;
const OUTCOMES = ["ok", "error", "refused", "previewed", "awaiting_approval", "approved", "rejected", "committed", "changed", "failed", "expired", "cancelled"];
const FRONT_ENDS = ["mcp", "http", "console", "cli", "shell"];

const TONE = { ok: "ok", committed: "ok", approved: "ok", previewed: "info", awaiting_approval: "warn", refused: "bad", error: "bad", rejected: "bad", changed: "bad", failed: "bad", expired: "bad", cancelled: "warn" };

export async function render(root, ctx) {
  const catalog = await ctx.databases();
  const dbSelect = h("select", { name: "db" }, h("option", { value: "", text: "any" }), (catalog.databases || []).map((d) => h("option", { value: d.name, selected: d.name === filters.db, text: d.name })));
  const text = (name, options) => {
    const list = h("datalist", { id: "audit-" + name }, options.map((o) => h("option", { value: o })));
    return [h("input", { type: "text", name, value: filters[name], list: "audit-" + name, autocomplete: "off", spellcheck: "false" }), list];
  };
  const [frontEnd, frontEndList] = text("front_end", FRONT_ENDS);
  const [caller, callerList] = text("caller", []);
  const [outcomeInput, outcomeList] = text("outcome", OUTCOMES);
  const form = h(
    "form",
    { class: "audit-filters", on: { submit: (ev) => { ev.preventDefault(); load(true); } } },
    field("Database", dbSelect),
    field("Front end", frontEnd),
    field("Caller", caller),
    field("Outcome", outcomeInput),
    frontEndList,
    callerList,
    outcomeList,
    h("div", { class: "actions" }, h("button", { type: "submit", class: "primary", text: "Filter" }), h("button", { type: "button", text: "Clear", on: { click: clear } })),
  );
  const verifyResult = h("span", { class: "verify-result", "aria-live": "polite" });
  const verifyButton = h("button", { type: "button", text: "Verify chain", on: { click: verify } });
  const list = h("div", { class: "audit-list" });
  const more = h("div", { class: "actions" });
  root.append(
    h("div", { class: "page-head" }, h("h1", { text: "Audit" }), h("div", { class: "head-tools" }, verifyButton, verifyResult)),
    h("p", { class: "lead", text: "Every call the server answered, newest first. A write's preview, approval and commit are grouped as one story." }),
    form,
    list,
    more,
  );
  let events = [];
  let next = null;
  await load(true);

  function clear() {
    dbSelect.value = "";
    frontEnd.value = "";
    caller.value = "";
    outcomeInput.value = "";
    load(true);
  }

  async function load(fresh) {
    filters.db = dbSelect.value;
    filters.front_end = frontEnd.value.trim();
    filters.caller = caller.value.trim();
    filters.outcome = outcomeInput.value.trim();
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(filters)) {
      if (v) {
        q.set(k, v);
      }
    }
    q.set("limit", String(PAGE));
    if (!fresh && next) {
      q.set("before", next);
    }
    if (fresh) {
      replace(list, loading("the audit log"));
    }
    replace(more, loading("older events"));
    try {
      const answer = await get("/audit?" + q.toString());
      events = fresh ? answer.events || [] : events.concat(answer.events || []);
      next = answer.next || null;
      draw();
      const callers = new Set(events.map((e) => e.caller || e.client).filter(Boolean));
      replace(callerList, [...callers].sort().map((c) => h("option", { value: c })));
    } catch (e) {
      replace(fresh ? list : more, errorBox(e));
      if (!fresh) {
        more.append(olderButton());
      }
      return;
    }
    replace(more, next ? olderButton() : events.length ? h("p", { class: "muted small-text", text: "The beginning of the log." }) : null);
  }

  function olderButton() {
    return h("button", { type: "button", text: "Older events", on: { click: () => load(false) } });
  }

  function draw() {
    if (events.length === 0) {
      replace(list, h("p", { class: "empty-state", text: "No event matches." }));
      return;
    }
    replace(list, stories(events).map((s) => (s.events.length > 1 ? storyView(s) : eventView(s.events[0], false))));
  }

  async function verify() {
    verifyButton.disabled = true;
    replace(verifyResult, badge("checking…"));
    try {
      const r = await get("/audit/verify");
      replace(
        verifyResult,
        r.ok
          ? notice("ok", badge("chain ok", "ok"), ` ${r.lines} line${r.lines === 1 ? "" : "s"} verified: none was changed, removed or reordered.`, r.legacy_lines ? ` ${r.legacy_lines} older line${r.legacy_lines === 1 ? " has" : "s have"} no chain.` : null)
          : notice("warn", badge("chain broken", "bad"), ` at line ${r.line}: ${r.problem}`),
      );
    } catch (e) {
      replace(verifyResult, errorBox(e));
    } finally {
      verifyButton.disabled = false;
    }
  }
}

/** The key that ties a write's events together. */
function storyKey(e) {
  return e.approval_id || e.token_id || null;
}

/** Events (newest first) as entries: a story (events sharing a key, oldest first inside) stands where its newest event is. */
export function stories(events) {
  const out = [];
  const byKey = new Map();
  for (const e of events) {
    const key = storyKey(e);
    if (key && byKey.has(key)) {
      byKey.get(key).events.unshift(e);
      continue;
    }
    const entry = { key, events: [e] };
    if (key) {
      byKey.set(key, entry);
    }
    out.push(entry);
  }
  return out;
}

function storyView(s) {
  const first = s.events[0];
  const last = s.events[s.events.length - 1];
  return h(
    "article",
    { class: "card story", "aria-label": `Story of a write on ${first.db}` },
    h(
      "header",
      { class: "story-head" },
      h("h2", null, "Write on ", h("span", { class: "mono", text: first.db || "?" })),
      h("ol", { class: "story-steps", "aria-label": "Steps" }, s.events.map((e) => h("li", null, badge(e.outcome || e.tool || "?", TONE[e.outcome] || null)))),
      h("span", { class: "muted small-text", text: `${localTime(first.time)} → ${localTime(last.time)}` }),
    ),
    first.sql ? sqlBlock(first.sql, "clamp") : null,
    h("ol", { class: "timeline" }, s.events.map((e) => h("li", null, eventView(e, true)))),
  );
}

function eventView(e, inStory) {
  if (e.unreadable) {
    // a line that is not a JSON object (cut by a crash, or edited): shown, not hidden; Verify chain says more
    return h("div", { class: ["event", "card"], dataset: { outcome: "unreadable" } }, h("div", { class: "event-line" }, badge("unreadable line", "bad"), h("span", { class: "mono", text: `line ${e.line}` })));
  }
  const facts = [
    e.tool ? h("span", { class: "mono", text: e.tool }) : null,
    e.db && !inStory ? h("span", { class: "mono", text: e.db }) : null,
    e.kind ? badge(e.kind) : null,
    e.mode ? badge(e.mode, "mode") : null,
    e.rows !== undefined ? h("span", { text: `${e.rows} row${e.rows === 1 ? "" : "s"}` }) : null,
    e.duration_ms !== undefined ? h("span", { text: `${e.duration_ms} ms` }) : null,
    e.error_code ? h("span", { class: "code", text: e.error_code }) : null,
  ];
  const who = [
    e.front_end ? badge(e.front_end) : null,
    e.caller ? h("span", { class: "mono", text: e.caller }) : null,
    e.client && e.client !== e.caller ? h("span", { class: "mono muted", text: e.client }) : null,
    e.approval_id ? h("span", { class: "mono muted", text: e.approval_id }) : null,
    e.token_id && e.token_id !== e.approval_id ? h("span", { class: "mono muted", text: "token " + e.token_id }) : null,
    e.line !== undefined ? h("span", { class: "muted", title: e.seq !== undefined ? `sequence ${e.seq}` : null, text: `line ${e.line}` }) : null,
  ];
  return h(
    "div",
    { class: ["event", inStory ? null : "card"], dataset: { outcome: e.outcome || "" } },
    h("div", { class: "event-line" }, h("time", { datetime: e.time || "", text: localTime(e.time) }), badge(e.outcome || "?", TONE[e.outcome] || null), facts),
    e.sql && !inStory ? sqlBlock(e.sql, "clamp") : null,
    h("div", { class: "event-line muted small-text" }, who),
  );
}
