// Databases: the catalog as the server sees it for this session (GET /databases) and each database's health
// (GET /databases/{db}/ping, checked when the page opens and on demand).

import { get, seg } from "../api.js";
import { h, replace } from "../dom.js";
import { badge, errorBox, loading } from "../widgets.js";

const APPROVAL_WORDS = {
  human: "a person approves each write",
  agent: "the caller's confirm token commits its own preview",
};

export async function render(root, ctx) {
  const heading = h("h1", { text: "Databases" });
  const status = h("div", null, loading("the catalog"));
  root.append(h("div", { class: "page-head" }, heading), status);
  let catalog;
  try {
    catalog = await ctx.databases();
  } catch (e) {
    replace(status, errorBox(e));
    return;
  }
  const list = catalog.databases || [];
  replace(
    status,
    h(
      "p",
      { class: "lead" },
      `${list.length} database${list.length === 1 ? "" : "s"}; the highest mode this session reaches is `,
      badge(catalog.highest_mode || "readonly", "mode"),
      ".",
    ),
  );
  const cards = h("div", { class: "db-cards" }, list.map((d) => card(d)));
  root.append(cards);
  if (list.length === 0) {
    root.append(h("p", { text: "No database is configured: start the server with --db, --config or --demo." }));
  }
}

function card(d) {
  const health = h("span", { class: "health", "aria-live": "polite" });
  const check = h("button", { type: "button", class: "ghost small", text: "Check", on: { click: () => ping(d.name, health) } });
  ping(d.name, health);
  return h(
    "article",
    { class: "card db-card", "aria-labelledby": "db-" + d.name },
    h("header", { class: "db-card-head" }, h("h2", { id: "db-" + d.name, class: "mono", text: d.name }), badge(d.dialect || "?", "dialect")),
    d.description ? h("p", { class: "description", text: d.description }) : null,
    h(
      "dl",
      { class: "facts" },
      h("dt", { text: "Mode" }),
      h("dd", null, badge(d.mode || "readonly", "mode")),
      h("dt", { text: "Approval" }),
      h("dd", null, d.approval ? [badge(d.approval), " ", h("span", { class: "muted", text: APPROVAL_WORDS[d.approval] || "" })] : h("span", { class: "muted", text: "no writes in this mode" })),
      h("dt", { text: "URL" }),
      h("dd", { class: "mono url", text: d.url || "" }),
      h("dt", { text: "Health" }),
      h("dd", null, health, " ", check),
    ),
    d.warnings && d.warnings.length
      ? h("div", { class: "warnings" }, h("h3", { text: "Least-privilege warnings" }), h("ul", null, d.warnings.map((w) => h("li", { text: typeof w === "string" ? w : JSON.stringify(w) }))))
      : h("p", { class: "muted small-text", text: "No least-privilege warnings." }),
    h(
      "div",
      { class: "actions" },
      h("a", { class: "button", href: "#/schema/" + seg(d.name), text: "Schema" }),
      h("a", { class: "button", href: "#/diagram/" + seg(d.name), text: "Diagram" }),
      h("a", { class: "button", href: "#/query/" + seg(d.name), text: "Query" }),
    ),
  );
}

async function ping(db, target) {
  replace(target, badge("checking…"));
  try {
    const answer = await get(`/databases/${seg(db)}/ping`);
    replace(target, answer.ok === false ? badge("down", "bad") : badge(`ok · ${answer.ms ?? "?"} ms`, "ok"));
  } catch (e) {
    replace(target, errorBox(e));
  }
}
