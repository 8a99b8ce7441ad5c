// Query: an SQL editor (a textarea over its highlighted copy), the database picker, and three actions:
// Run (Ctrl-Enter or Cmd-Enter: POST /sql, a read), Explain (POST /databases/{db}/explain?render=both), and
// Preview write (Ctrl-Shift-Enter: POST /sql with "execute": true). A write shows its preview and blast radius
// first; then either Commit (the confirm token, for approval "agent") or Approve and commit / Reject (a write
// that waits for a person, decided here when the session is an approver's). Route: #/query/<db>.

import { post, seg } from "../api.js";
import { h, replace } from "../dom.js";
import { highlight, sqlBlock } from "../sql.js";
import { databaseSelect, errorBox, field, loading, notice, resultGrid, resultSummary } from "../widgets.js";
import { decisionButtons, outcome, previewDetails, stateBadge } from "../writes.js";

const drafts = new Map();
const DEFAULT_SQL = "SELECT 1";

/** Puts sql into db's editor (the next time the Query page opens on db). */
export function setDraft(db, sql) {
  drafts.set(db, { sql, params: "" });
}

export async function render(root, ctx, args) {
  const db = await ctx.pickDb(args[0]);
  const catalog = await ctx.databases();
  if (!db) {
    root.append(h("h1", { text: "Query" }), notice("info", "No database is configured."));
    return;
  }
  const info = (catalog.databases || []).find((d) => d.name === db) || {};
  const draft = drafts.get(db) || { sql: DEFAULT_SQL, params: "" };
  drafts.set(db, draft);

  const editor = sqlEditor(draft.sql, (sql) => (draft.sql = sql), {
    run: () => read(),
    write: () => preview(false),
  });
  const params = h("input", { type: "text", class: "mono", value: draft.params, placeholder: '["Lyon", 3]', spellcheck: "false", on: { input: () => (draft.params = params.value) } });
  const fullTable = h("input", { type: "checkbox" });
  const canWrite = info.mode && info.mode !== "readonly";
  const runButton = h("button", { type: "button", class: "primary", text: "Run", title: "Run the read (Ctrl-Enter)", on: { click: () => read() } });
  const explainButton = h("button", { type: "button", text: "Explain", title: "Show the plan of the read", on: { click: () => explain() } });
  const writeButton = h("button", { type: "button", class: "warn", text: "Preview write", title: canWrite ? "Rehearse the write and show what it would change (Ctrl-Shift-Enter)" : `${db} is readonly for this session`, disabled: !canWrite, on: { click: () => preview(false) } });
  const out = h("section", { class: "query-output", "aria-live": "polite", "aria-label": "Result" });

  root.append(
    h("div", { class: "page-head" }, h("h1", { text: "Query" }), h("div", { class: "head-tools" }, databaseSelect(catalog.databases, db, (name) => ctx.go("#/query/" + seg(name))))),
    h(
      "div",
      { class: "query-form" },
      h("label", { for: editor.input.id, class: "editor-label", text: `SQL on ${db} (${info.dialect || "?"}, ${info.mode || "readonly"})` }),
      editor.element,
      h("div", { class: "query-options" }, field("Parameters (JSON array, for ? or $1 placeholders)", params), canWrite ? h("label", { class: "check" }, fullTable, " Allow an UPDATE or DELETE without WHERE") : null),
      h("div", { class: "actions" }, runButton, explainButton, writeButton, h("span", { class: "muted small-text", text: "Ctrl-Enter (⌘-Enter) runs · Ctrl-Shift-Enter previews a write" })),
    ),
    out,
  );
  editor.input.focus();

  function body(extra) {
    const b = { db, sql: editor.input.value };
    const p = parseParams();
    if (p && p.length) {
      b.params = p;
    }
    return Object.assign(b, extra);
  }

  function parseParams() {
    const text = params.value.trim();
    if (!text) {
      return null;
    }
    const value = JSON.parse(text);
    if (!Array.isArray(value)) {
      throw new Error("not an array");
    }
    return value;
  }

  async function call(what, fn) {
    try {
      parseParams();
    } catch {
      replace(out, errorBox({ code: "BAD_PARAMETERS", message: "The parameters are not a JSON array.", hint: 'Write them as a JSON array, e.g. ["Lyon", 3], or leave the field empty.' }));
      return;
    }
    replace(out, loading(what));
    for (const b of [runButton, explainButton, writeButton]) {
      b.disabled = true;
    }
    try {
      await fn();
    } finally {
      runButton.disabled = false;
      explainButton.disabled = false;
      writeButton.disabled = !canWrite;
    }
  }

  function read() {
    return call("the result", async () => {
      try {
        const result = await post("/sql", body());
        replace(out, resultSummary(result), resultGrid(result, "Result"));
      } catch (e) {
        replace(out, errorBox(e, fixes(e)));
      }
    });
  }

  function explain() {
    return call("the plan", async () => {
      try {
        const answer = await post(`/databases/${seg(db)}/explain?render=both`, { sql: editor.input.value });
        const text = answer.text ?? (answer.json ? JSON.stringify(answer.json, null, 2) : JSON.stringify(answer, null, 2));
        replace(
          out,
          h("h2", { text: "Plan" }),
          h("pre", { class: "plan" }, h("code", { text })),
          answer.json ? h("details", null, h("summary", { text: "The plan as JSON" }), h("pre", { class: "plan" }, h("code", { text: JSON.stringify(answer.json, null, 2) }))) : null,
        );
      } catch (e) {
        replace(out, errorBox(e));
      }
    });
  }

  function fixes(e) {
    if (e.code === "READ_ONLY" && canWrite) {
      return h("div", { class: "actions" }, h("button", { type: "button", class: "warn", text: "Preview it as a write", on: { click: () => preview(false) } }));
    }
    if (e.action === "allow_full_table" && canWrite) {
      return h("div", { class: "actions" }, h("button", { type: "button", class: "warn", text: "Allow the full-table write and preview again", on: { click: () => preview(true) } }));
    }
    return null;
  }

  function preview(allowFullTable) {
    if (allowFullTable) {
      fullTable.checked = true;
    }
    return call("the preview", async () => {
      const sent = body({ execute: true });
      if (fullTable.checked) {
        sent.allow_full_table = true;
      }
      let answer;
      try {
        answer = await post("/sql", sent);
      } catch (e) {
        replace(out, errorBox(e, fixes(e)));
        return;
      }
      showPreview(sent, answer);
    });
  }

  function showPreview(sent, answer) {
    const result = h("div", { class: "write-result", "aria-live": "polite" });
    const panel = h(
      "article",
      { class: "card write-preview" },
      h("h2", null, "Write preview ", stateBadge(answer.status)),
      sqlBlock(sent.sql),
      previewDetails(answer),
      answer.expires_at ? h("p", { class: "muted small-text", text: `The preview holds until ${answer.expires_at}.` }) : null,
      nextStep(sent, answer, result),
      result,
    );
    replace(out, panel);
    const first = panel.querySelector(".actions button:not([disabled])");
    if (first) {
      first.focus();
    }
  }

  function nextStep(sent, answer, result) {
    if (answer.confirm_token) {
      const commit = h("button", { type: "button", class: "primary", text: answer.status === "no_preview" ? "Commit without a preview" : "Commit" });
      const discard = h("button", { type: "button", text: "Discard", on: { click: () => replace(out, notice("info", "Discarded: nothing was committed.")) } });
      commit.addEventListener("click", async () => {
        commit.disabled = true;
        discard.disabled = true;
        replace(result, loading("the commit"));
        try {
          const body = { db: sent.db, sql: sent.sql, confirm_token: answer.confirm_token };
          if (sent.params) {
            body.params = sent.params;
          }
          if (sent.allow_full_table) {
            body.allow_full_table = true;
          }
          replace(result, outcome(await post("/sql", body)));
        } catch (e) {
          replace(result, errorBox(e));
        }
      });
      return h("div", { class: "actions" }, commit, discard);
    }
    if (answer.status === "awaiting_approval" && answer.approval_id) {
      const approver = ctx.session && ctx.session.approver;
      const check = h("button", {
        type: "button",
        text: "Check its state",
        on: {
          click: async () => {
            try {
              replace(result, outcome(await post("/sql", { db: sent.db, approval_id: answer.approval_id })));
            } catch (e) {
              replace(result, errorBox(e));
            }
          },
        },
      });
      return [
        h("p", null, "This write waits for a person's approval (", h("span", { class: "mono", text: answer.approval_id }), "). Nothing is committed until it is approved."),
        approver ? null : notice("info", "This session is not an approver's: approve it with an approver's token (Approvals page) or with `gabysql approve` at the server's terminal."),
        decisionButtons(answer.approval_id, approver, (decided, error) => replace(result, error ? errorBox(error) : outcome(decided))),
        h("div", { class: "actions" }, check),
      ];
    }
    return null;
  }
}

/**
 * A textarea over a highlighted <pre>: the textarea holds the text and the caret (its own glyphs are
 * transparent), the <pre> behind it shows the same text in colour. onKey: run (Ctrl/Cmd-Enter), write
 * (Ctrl/Cmd-Shift-Enter).
 */
export function sqlEditor(initial, onChange, onKey) {
  const code = h("code");
  const pre = h("pre", { class: "editor-highlight", "aria-hidden": "true" }, code);
  const input = h("textarea", { id: "sql-input", class: "editor-input", spellcheck: "false", autocapitalize: "off", autocomplete: "off", autocorrect: "off", wrap: "soft", rows: "8", value: initial });
  const paint = () => {
    // a trailing newline would collapse in the <pre>: a space keeps the last line's height
    code.replaceChildren(highlight(input.value + (input.value.endsWith("\n") ? " " : "")));
    pre.scrollTop = input.scrollTop;
    pre.scrollLeft = input.scrollLeft;
  };
  input.addEventListener("input", () => {
    onChange(input.value);
    paint();
  });
  input.addEventListener("scroll", () => {
    pre.scrollTop = input.scrollTop;
    pre.scrollLeft = input.scrollLeft;
  });
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) {
      ev.preventDefault();
      (ev.shiftKey ? onKey.write : onKey.run)();
    }
  });
  paint();
  return { element: h("div", { class: "editor" }, pre, input), input };
}
