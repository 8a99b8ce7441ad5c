// Diagram: the ER diagram of one database (GET /databases/{db}/diagram, Mermaid text) drawn by er.js.
// Route: #/diagram/<db>[/<table>] — with a table, only it and its direct neighbours (for big schemas).

import { get, seg } from "../api.js";
import { h, replace } from "../dom.js";
import { neighbourhood, parseMermaid, renderDiagram } from "../er.js";
import { badge, databaseSelect, errorBox, loading, notice } from "../widgets.js";
import { tabs } from "./schema.js";

const BIG = 60;

export async function render(root, ctx, args) {
  const db = await ctx.pickDb(args[0]);
  if (!db) {
    root.append(h("h1", { text: "Diagram" }), notice("info", "No database is configured."));
    return;
  }
  const focus = args[1] || null;
  const catalog = await ctx.databases();
  root.append(
    h(
      "div",
      { class: "page-head" },
      h("h1", null, "Diagram of ", h("span", { class: "mono", text: db })),
      h("div", { class: "head-tools" }, databaseSelect(catalog.databases, db, (name) => ctx.go("#/diagram/" + seg(name)))),
    ),
    tabs(db, "diagram"),
  );
  const body = h("div", { class: "diagram-body" }, loading("the diagram"));
  root.append(body);
  let text;
  try {
    text = (await get(`/databases/${seg(db)}/diagram`)).text || "";
  } catch (e) {
    replace(body, errorBox(e));
    return;
  }
  const model = parseMermaid(text);
  const go = (name) => ctx.go(`#/diagram/${seg(db)}${name ? "/" + seg(name) : ""}`);
  const known = model.entities.some((e) => e.name === focus);
  const shown = known ? neighbourhood(model, focus) : model;
  const picker = h(
    "select",
    { id: "er-focus", on: { change: () => go(picker.value) } },
    h("option", { value: "", text: "All tables" }),
    model.entities.map((e) => h("option", { value: e.name, selected: e.name === focus, text: e.name })),
  );
  const controls = h(
    "div",
    { class: "diagram-controls" },
    h("div", { class: "field inline" }, h("label", { for: "er-focus", text: "Neighbourhood of" }), picker),
    known ? h("button", { type: "button", class: "ghost", text: "Show all tables", on: { click: () => go(null) } }) : null,
    known ? h("a", { class: "button", href: `#/schema/${seg(db)}/${seg(focus)}`, text: `Open ${focus} in the schema` }) : null,
    h("span", { class: "muted", text: `${shown.entities.length} of ${model.entities.length} tables, ${shown.relations.length} relationships` }),
  );
  if (model.entities.length === 0) {
    replace(body, controls, notice("info", "This database has no tables to draw."));
    return;
  }
  const drawing = renderDiagram(shown, { onSelect: (name) => go(name === focus ? null : name), focus: known ? focus : null });
  replace(
    body,
    controls,
    focus && !known ? notice("warn", `No table \`${focus}\` in the diagram; showing every table.`) : null,
    !known && model.entities.length > BIG ? notice("info", `${model.entities.length} tables: pick one above (or click a table) to see only it and its neighbours.`) : null,
    drawing.element,
    h(
      "p",
      { class: "muted small-text" },
      "Click a table (or focus it with Tab and press Enter) to see its neighbourhood. Drag to pan, the wheel or + and − to zoom, 0 to fit. Lines: ",
      badge("solid"),
      " identifying (the key is part of the child's primary key), ",
      badge("dashed"),
      " not; the crow's foot marks the many side.",
    ),
    h(
      "details",
      { class: "mermaid-source" },
      h("summary", { text: "Mermaid source" }),
      h("pre", { class: "sql" }, h("code", { text })),
      h("button", { type: "button", class: "ghost small", text: "Copy", on: { click: (ev) => copy(text, ev.currentTarget) } }),
    ),
  );
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch {
    button.textContent = "Copy failed: select the text";
  }
}
