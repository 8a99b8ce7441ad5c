// Pieces several pages share: the error box, the results grid, the blast radius, notes, badges.

import { h } from "./dom.js";

/** An error as the server gave it: code, message and hint. extra: nodes to add (e.g. a button that fixes it). */
export function errorBox(error, ...extra) {
  const code = error && error.code ? error.code : "ERROR";
  const message = error && error.message ? error.message : String(error);
  return h(
    "div",
    { class: "error", role: "alert" },
    h("div", { class: "error-head" }, h("span", { class: "code", text: code }), " ", h("span", { text: message })),
    error && error.hint ? h("div", { class: "hint" }, h("span", { class: "hint-label", text: "Hint" }), " ", error.hint) : null,
    extra,
  );
}

/** A notice (info, ok, warn): a short line the person should see. */
export function notice(kind, ...children) {
  return h("div", { class: ["notice", "notice-" + kind], role: kind === "warn" ? "alert" : "status" }, children);
}

/** A small label: badge("readwrite", "mode"). */
export function badge(text, kind) {
  return h("span", { class: ["badge", kind ? "badge-" + kind : null], text });
}

/** A loading line. */
export function loading(what) {
  return h("p", { class: "loading", role: "status", text: `Loading ${what}…` });
}

/** One value of a result: NULL (a badge), the empty string (an empty cell marked as such), or its text. */
export function cell(value) {
  if (value === null || value === undefined) {
    return h("td", { class: "null" }, h("span", { class: "null-badge", text: "NULL", title: "SQL NULL" }));
  }
  if (value === "") {
    return h("td", { class: "empty", title: "empty string" });
  }
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  const numeric = typeof value === "number" || typeof value === "bigint";
  return h("td", { class: numeric ? "num" : typeof value === "boolean" ? "bool" : null, title: text.length > 60 ? text : null, text });
}

/**
 * A result grid from a read answer ({columns: [{name, type}], rows: [[…]], row_count, truncated, note}).
 * Column names come from the database: they are set as text like every cell.
 */
export function resultGrid(result, caption) {
  const columns = (result.columns || []).map((c) => (typeof c === "string" ? { name: c } : c));
  const rows = result.rows || [];
  const head = h(
    "tr",
    null,
    columns.map((c) => h("th", { scope: "col" }, h("span", { class: "col-name", text: c.name }), c.type ? h("span", { class: "col-type", text: c.type }) : null)),
  );
  const body = rows.map((row) => h("tr", null, row.map(cell)));
  const table = h("table", { class: "grid" }, caption ? h("caption", { text: caption }) : null, h("thead", null, head), h("tbody", null, body));
  return h("div", { class: "grid-wrap", tabindex: "0", role: "region", "aria-label": caption || "Result rows" }, table);
}

/** The line under a grid: "3 rows · 2 ms", with the truncated marker and the server's note. */
export function resultSummary(result) {
  const n = result.row_count ?? (result.rows || []).length;
  return h(
    "p",
    { class: "result-summary" },
    h("span", { text: `${n} row${n === 1 ? "" : "s"}` }),
    result.elapsed_ms !== undefined ? h("span", { text: ` · ${result.elapsed_ms} ms` }) : null,
    result.truncated ? [" ", badge("truncated", "warn")] : null,
    result.note ? h("span", { class: "note", text: " " + result.note }) : null,
  );
}

/** blast_radius: {tables: [{table, inserted, updated, deleted, cause}], uncounted?} as a table. */
export function blastRadius(radius) {
  if (!radius) {
    return null;
  }
  const tables = radius.tables || [];
  const count = (v, sign) => (v === undefined || v === null ? h("td", { class: "num uncounted", text: "not counted" }) : h("td", { class: ["num", v ? "changed" : null], text: v ? sign + v : "0" }));
  return h(
    "section",
    { class: "blast", "aria-label": "Blast radius" },
    h("h4", { text: "Blast radius" }),
    tables.length === 0
      ? h("p", { text: "No table changes." })
      : h(
          "table",
          { class: "grid blast-table" },
          h("thead", null, h("tr", null, ["table", "inserted", "updated", "deleted", "cause"].map((t) => h("th", { scope: "col", text: t })))),
          h(
            "tbody",
            null,
            tables.map((t) => h("tr", { class: t.cause && t.cause !== "statement" ? "indirect" : null }, h("td", { class: "mono", text: t.table }), count(t.inserted, "+"), count(t.updated, "~"), count(t.deleted, "−"), h("td", null, badge(t.cause || "statement", t.cause === "statement" ? null : "warn")))),
          ),
        ),
    radius.uncounted ? h("p", { class: "uncounted-note", text: "Not counted: " + radius.uncounted }) : null,
  );
}

/** A list of the server's notes. */
export function notes(list) {
  if (!list || list.length === 0) {
    return null;
  }
  return h("ul", { class: "notes" }, list.map((n) => h("li", { text: n })));
}

/** A <label> + control pair for forms. */
export function field(label, control, help) {
  const id = control.id || (control.id = "f-" + Math.random().toString(36).slice(2, 9));
  return h("div", { class: "field" }, h("label", { for: id, text: label }), control, help ? h("small", { class: "help", text: help }) : null);
}

/** A <select> of database names. */
export function databaseSelect(databases, selected, onChange) {
  const select = h(
    "select",
    { class: "db-select", on: { change: () => onChange(select.value) } },
    databases.map((d) => h("option", { value: d.name, selected: d.name === selected, text: d.name })),
  );
  return field("Database", select);
}
