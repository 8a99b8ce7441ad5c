// Schema: the objects of one database (tables, views, routines, sequences, extensions, enums) with a filter by
// name, and one object in detail: columns (types, keys, defaults, comments), foreign keys both ways, indexes,
// constraints, triggers, the view definition, a few sample rows (GET /databases/{db}/table?name=T&sample=true),
// a routine's source. Route: #/schema/<db>[/<object>].

import { get, seg } from "../api.js";
import { debounce, h, replace } from "../dom.js";
import { column, displayName, foreignKey, incomingKey, loadSchema, tableReference } from "../schema-data.js";
import { sqlBlock } from "../sql.js";
import { badge, databaseSelect, errorBox, loading, notice, resultGrid } from "../widgets.js";
import { setDraft } from "./query.js";

let lastFilter = "";

export async function render(root, ctx, args) {
  const db = await ctx.pickDb(args[0]);
  if (!db) {
    root.append(h("h1", { text: "Schema" }), notice("info", "No database is configured."));
    return;
  }
  const selected = args[1] || null;
  const catalog = await ctx.databases();
  const reload = h("button", { type: "button", class: "ghost", text: "Reload", on: { click: () => show(true) } });
  root.append(
    h(
      "div",
      { class: "page-head" },
      h("h1", null, "Schema of ", h("span", { class: "mono", text: db })),
      h("div", { class: "head-tools" }, databaseSelect(catalog.databases, db, (name) => ctx.go("#/schema/" + seg(name))), reload),
    ),
    tabs(db, "schema"),
  );
  const body = h("div", { class: "schema-body" }, loading("the schema"));
  root.append(body);
  await show(false);

  async function show(fresh) {
    replace(body, loading("the schema"));
    let schema;
    try {
      schema = await loadSchema(db, fresh);
    } catch (e) {
      replace(body, errorBox(e));
      return;
    }
    const detail = h("section", { class: "schema-detail", "aria-live": "polite" });
    replace(body, h("div", { class: "split" }, sidebar(db, schema, selected), detail));
    renderDetail(detail, db, schema, selected);
  }
}

/** The Objects / Diagram switch shared by both pages. */
export function tabs(db, current) {
  const link = (page, label) => h("a", { class: "tab", href: `#/${page}/${seg(db)}`, "aria-current": current === page ? "page" : null, text: label });
  return h("nav", { class: "tabs", "aria-label": "Schema views" }, link("schema", "Objects"), link("diagram", "Diagram"));
}

function groups(schema) {
  const home = schema.schema;
  const tables = schema.tables || [];
  return [
    ["Tables", tables.filter((t) => !t.kind || t.kind === "table" || t.kind === "partitioned table").map((t) => ({ name: displayName(t, home), columns: t.columns, item: t }))],
    ["Views", tables.filter((t) => t.kind && t.kind !== "table" && t.kind !== "partitioned table").map((t) => ({ name: displayName(t, home), columns: t.columns, item: t, kind: t.kind }))],
    ["Routines", (schema.routines || []).map((r) => ({ name: displayName(r, home), item: r, kind: r.kind || "function", key: "routine:" + displayName(r, home) + "(" + (r.arguments || "") + ")" }))],
    ["Sequences", (schema.sequences || []).map((s) => ({ name: s.name, item: s, key: "sequence:" + s.name }))],
    ["Enums", (schema.enums || []).map((e) => ({ name: e.name, item: e, key: "enum:" + e.name }))],
    ["Extensions", (schema.extensions || []).map((e) => ({ name: e.name, item: e, key: "extension:" + e.name }))],
  ].filter(([, items]) => items.length > 0);
}

function sidebar(db, schema, selected) {
  const input = h("input", { type: "search", placeholder: "Filter by name or column", value: lastFilter, "aria-label": "Filter objects by name or column name" });
  const list = h("div", { class: "object-list" });
  const counts = h("p", { class: "muted small-text", "aria-live": "polite" });
  const draw = () => {
    lastFilter = input.value;
    const needle = input.value.trim().toLowerCase();
    let shown = 0;
    let total = 0;
    replace(
      list,
      groups(schema).map(([title, items]) => {
        total += items.length;
        const rows = [];
        for (const it of items) {
          const nameHit = !needle || it.name.toLowerCase().includes(needle);
          const columnHits = needle && it.columns ? it.columns.map((c) => c[0]).filter((c) => String(c).toLowerCase().includes(needle)) : [];
          if (!nameHit && columnHits.length === 0) {
            continue;
          }
          shown++;
          const key = it.key || it.name;
          rows.push(
            h(
              "li",
              null,
              h(
                "a",
                { href: `#/schema/${seg(db)}/${seg(key)}`, "aria-current": key === selected ? "true" : null },
                h("span", { class: "mono", text: it.name }),
                it.kind && title !== "Routines" ? [" ", badge(it.kind)] : null,
                it.kind && title === "Routines" && it.kind !== "function" ? [" ", badge(it.kind)] : null,
                columnHits.length ? h("span", { class: "column-hits", text: columnHits.join(", ") }) : null,
              ),
            ),
          );
        }
        return rows.length ? h("div", { class: "object-group" }, h("h2", { text: `${title} (${rows.length})` }), h("ul", null, rows)) : null;
      }),
    );
    counts.textContent = needle ? `${shown} of ${total} objects match` : `${total} objects`;
  };
  const later = debounce(draw, 80);
  input.addEventListener("input", () => {
    lastFilter = input.value; // kept at once: a click on a result may re-render the page before the redraw
    later();
  });
  draw();
  return h("aside", { class: "schema-side", "aria-label": "Objects" }, input, counts, list);
}

function findItem(schema, key) {
  for (const [title, items] of groups(schema)) {
    for (const it of items) {
      if ((it.key || it.name) === key) {
        return { title, ...it };
      }
    }
  }
  return null;
}

async function renderDetail(detail, db, schema, selected) {
  if (!selected) {
    const c = schema.counts || {};
    replace(
      detail,
      h("h2", { text: `${schema.dialect || ""} database ${schema.database || db}` }),
      h("p", { text: Object.entries(c).map(([k, v]) => `${v} ${k}`).join(", ") || "Empty." }),
      schema.schemas && schema.schemas.length > 1 ? h("p", null, "Schemas: ", schema.schemas.map((s, i) => [i ? ", " : "", h("span", { class: "mono", text: s })])) : null,
      h("p", { class: "muted", text: "Pick an object on the left to see it in detail, or open the diagram." }),
    );
    return;
  }
  const found = findItem(schema, selected);
  if (!found) {
    replace(detail, errorBox({ code: "UNKNOWN_OBJECT", message: `No object \`${selected}\` in this schema.`, hint: "Reload the schema, or pick an object from the list." }));
    return;
  }
  if (found.title === "Tables" || found.title === "Views") {
    replace(detail, tableView(db, schema, found.item, null), loading("the table's details and sample rows"));
    try {
      const full = await get(`/databases/${seg(db)}/table?name=${encodeURIComponent(tableReference(found.item, schema.schema))}&sample=true`);
      replace(detail, tableView(db, schema, { ...found.item, ...full }, full));
    } catch (e) {
      replace(detail, tableView(db, schema, found.item, null), errorBox(e));
    }
  } else if (found.title === "Routines") {
    replace(detail, routineView(found.item));
  } else {
    replace(detail, h("h2", null, h("span", { class: "mono", text: found.name }), " ", badge(found.title.replace(/s$/, "").toLowerCase())), keyValues(found.item));
  }
}

function tableView(db, schema, t, full) {
  const home = schema.schema;
  const name = displayName(t, home);
  const columns = (t.columns || []).map(column);
  const pk = new Set(t.primaryKey || []);
  const fks = (t.foreignKeys || []).map(foreignKey);
  const fkColumns = new Set(fks.flatMap((f) => f.columns));
  const unique = new Set((t.unique || []).filter((u) => u.length === 1).map((u) => u[0]));
  const enums = t.enums || {};
  const queryButton = h("button", {
    type: "button",
    class: "ghost",
    text: "Query this " + (t.kind && t.kind !== "table" ? "view" : "table"),
    on: {
      click: () => {
        setDraft(db, `SELECT *\nFROM ${quoteName(t, home, schema.dialect)}\nLIMIT 100`);
        location.hash = "#/query/" + seg(db);
      },
    },
  });
  return h(
    "article",
    { class: "table-view" },
    h(
      "header",
      { class: "detail-head" },
      h("h2", null, h("span", { class: "mono", text: name }), " ", badge(t.kind || "table")),
      h("div", { class: "facts-inline" }, t.rows !== undefined ? h("span", { text: `~${t.rows} rows` }) : null, t.bytes !== undefined ? h("span", { text: bytes(t.bytes) }) : null, queryButton),
    ),
    t.comment ? h("p", { class: "comment", text: t.comment }) : null,
    h("h3", { text: "Columns" }),
    h(
      "div",
      { class: "grid-wrap", tabindex: "0", role: "region", "aria-label": "Columns" },
      h(
        "table",
        { class: "grid columns-table" },
        h("thead", null, h("tr", null, ["column", "type", "null", "default", "keys", "details", "comment"].map((x) => h("th", { scope: "col", text: x })))),
        h(
          "tbody",
          null,
          columns.map((c) =>
            h(
              "tr",
              null,
              h("td", { class: "mono strong", text: c.name }),
              h("td", { class: "mono" }, c.type ?? "", enums[c.type] ? h("span", { class: "enum-labels", text: " (" + enums[c.type].join(", ") + ")" }) : null),
              h("td", { text: c.notNull ? "not null" : "" }),
              h("td", { class: "mono", text: c.default ?? "" }),
              h("td", null, pk.has(c.name) ? badge("PK", "key") : null, fkColumns.has(c.name) ? badge("FK", "key") : null, unique.has(c.name) ? badge("UK", "key") : null),
              h("td", { class: "small-text" }, [c.identity ? "identity " + c.identity : null, c.generated ? "generated " + c.generated : null, c.collation ? "collate " + c.collation : null].filter(Boolean).join("; ")),
              h("td", { class: "comment", text: c.comment ?? "" }),
            ),
          ),
        ),
      ),
    ),
    pk.size ? h("p", null, h("strong", { text: "Primary key: " }), h("span", { class: "mono", text: [...pk].join(", ") })) : null,
    (t.unique || []).length ? h("p", null, h("strong", { text: "Unique: " }), (t.unique || []).map((u, i) => [i ? "; " : "", h("span", { class: "mono", text: "(" + u.join(", ") + ")" })])) : null,
    section("Foreign keys (this table refers to)", fks.map((f) => h("li", null, h("span", { class: "mono", text: "(" + f.columns.join(", ") + ")" }), " → ", tableLink(db, f.refTable), h("span", { class: "mono", text: " (" + f.refColumns.join(", ") + ")" }), actions(f)))),
    section("Referenced by (tables that refer to this one)", (t.referencedBy || []).map(incomingKey).map((f) => h("li", null, tableLink(db, f.fromTable), h("span", { class: "mono", text: " (" + f.columns.join(", ") + ")" }), " → ", h("span", { class: "mono", text: "(" + f.refColumns.join(", ") + ")" }), actions(f)))),
    section("Indexes", (t.indexes || []).map((i) => h("li", null, h("span", { class: "mono strong", text: i.name }), " ", i.unique ? badge("unique") : null, " ", h("span", { class: "mono", text: "(" + (i.columns || []).join(", ") + ")" }), i.using ? h("span", { class: "muted", text: " using " + i.using }) : null, i.where ? h("span", { class: "muted", text: " where " + i.where }) : null, i.backs ? h("span", { class: "muted", text: " backs " + i.backs }) : null))),
    section("Constraints", (t.constraints || []).map((c) => h("li", null, badge(c.type), " ", c.name ? h("span", { class: "mono strong", text: c.name + " " }) : null, c.columns ? h("span", { class: "mono", text: "(" + c.columns.join(", ") + ") " }) : null, c.expression ? h("code", { text: c.expression }) : null))),
    section("Triggers", (t.triggers || []).map((tr) => h("li", null, h("span", { class: "mono strong", text: tr.name }), " ", h("span", { text: [tr.timing, (tr.events || []).join(" or "), tr.level ? "for each " + tr.level.toLowerCase() : "for each row"].filter(Boolean).join(" ") }), tr.enabled === false ? [" ", badge("disabled", "warn")] : null, tr.when ? h("div", { class: "small-text" }, "when ", h("code", { text: tr.when })) : null, tr.function ? h("div", { class: "small-text" }, "runs ", h("span", { class: "mono", text: tr.function })) : null, tr.body ? sqlBlock(tr.body) : null))),
    t.definition ? [h("h3", { text: "Definition" }), sqlBlock(t.definition)] : null,
    full && full.sample ? [h("h3", { text: "Sample rows" }), resultGrid(full.sample, "A few rows of " + name)] : null,
    full && full.sampleNote ? h("p", { class: "muted", text: full.sampleNote }) : null,
  );
}

function actions(f) {
  const words = [f.onDelete ? "on delete " + f.onDelete : null, f.onUpdate ? "on update " + f.onUpdate : null].filter(Boolean);
  return words.length ? h("span", { class: "muted", text: " · " + words.join(", ") }) : null;
}

function tableLink(db, name) {
  return h("a", { class: "mono", href: `#/schema/${seg(db)}/${seg(name)}`, text: name });
}

function section(title, items) {
  return items.length ? [h("h3", { text: title }), h("ul", { class: "detail-list" }, items)] : null;
}

function routineView(r) {
  return h(
    "article",
    { class: "routine-view" },
    h("h2", null, h("span", { class: "mono", text: r.name }), " ", badge(r.kind || "function")),
    h("p", { class: "mono", text: `${r.name}(${r.arguments || ""})${r.returns ? " → " + r.returns : ""}` }),
    r.language ? h("p", null, "Language: ", h("span", { class: "mono", text: r.language })) : null,
    r.comment ? h("p", { class: "comment", text: r.comment }) : null,
    r.source ? [h("h3", { text: "Source" }), sqlBlock(r.source)] : h("p", { class: "muted", text: "The database does not show this routine's source." }),
  );
}

function keyValues(obj) {
  return h("dl", { class: "facts" }, Object.entries(obj).flatMap(([k, v]) => [h("dt", { text: k }), h("dd", { class: "mono", text: Array.isArray(v) ? v.join(", ") : typeof v === "object" ? JSON.stringify(v) : String(v) })]));
}

function bytes(n) {
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i ? v.toFixed(1) : v} ${units[i]}`;
}

/** A table's name for a SELECT the person starts from: quoted unless plain (backticks in MySQL and MariaDB). */
function quoteName(t, home, dialect) {
  const mark = /mysql|mariadb/i.test(dialect || "") ? "`" : '"';
  const q = (s) => (/^[a-z_][a-z0-9_]*$/.test(s) ? s : mark + String(s).replaceAll(mark, mark + mark) + mark);
  return t.schema && t.schema !== home ? q(t.schema) + "." + q(t.name) : q(t.name);
}
