// Our own renderer of the Mermaid erDiagram subset that gabysql writes (MermaidRenderer in gabysql-core):
// entity blocks with attribute lines ("TYPE name PK, FK" plus an optional quoted comment) and relationship lines
// (`"child" }o..|| "parent" : "label"`). It parses the text, lays the tables out in layers (a referenced table
// above the tables that refer to it), and draws SVG with createElementNS and textContent only, so a table or
// column name is always text. Zoom with the buttons, the wheel or + and -; pan by dragging or with the arrow
// keys; 0 fits the drawing. The Mermaid library is not used: it is megabytes and injects inline styles, which
// the console's Content-Security-Policy refuses.

import { h, svg } from "./dom.js";

const NAME = String.raw`(?:"([^"]*)"|([A-Za-z0-9_.\-\u00C0-\uFFFF]+))`;
const ENTITY_START = new RegExp(`^${NAME}\\s*\\{\\s*(\\})?\\s*$`);
const RELATION = new RegExp(`^${NAME}\\s*([|}][|o])(--|\\.\\.)([|o][|{])\\s*${NAME}\\s*:\\s*(?:"([^"]*)"|(.*))$`);
const ATTRIBUTE = /^(\S+)\s+(\S+)((?:\s+(?:PK|FK|UK)(?:\s*,\s*(?:PK|FK|UK))*)?)(?:\s+"([^"]*)")?\s*$/;
const BARE_ENTITY = new RegExp(`^${NAME}$`);

/** The entities ({name, attributes: [{type, name, keys, comment}]}) and relations ({from, to, fromCard, toCard, identifying, label}) of the text. */
export function parseMermaid(text) {
  const entities = new Map();
  const relations = [];
  const entity = (name) => {
    if (!entities.has(name)) {
      entities.set(name, { name, attributes: [] });
    }
    return entities.get(name);
  };
  let current = null;
  for (const raw of String(text || "").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("%%") || /^erDiagram\b/.test(line)) {
      continue;
    }
    if (current) {
      if (line === "}") {
        current = null;
        continue;
      }
      const a = ATTRIBUTE.exec(line);
      if (a) {
        const keys = a[3].split(/[\s,]+/).filter(Boolean);
        current.attributes.push({ type: a[1], name: a[2], keys, comment: a[4] ?? null });
      }
      continue;
    }
    let m = ENTITY_START.exec(line);
    if (m) {
      const e = entity(m[1] ?? m[2]);
      current = m[3] ? null : e;
      continue;
    }
    m = RELATION.exec(line);
    if (m) {
      const from = m[1] ?? m[2];
      const to = m[6] ?? m[7];
      entity(from);
      entity(to);
      relations.push({ from, to, fromCard: card(m[3]), toCard: card(m[5]), identifying: m[4] === "--", label: m[8] ?? (m[9] || "").trim() });
      continue;
    }
    m = BARE_ENTITY.exec(line);
    if (m) {
      entity(m[1] ?? m[2]);
    }
  }
  return { entities: [...entities.values()], relations };
}

function card(token) {
  if (token === "||") {
    return "one";
  }
  if (token === "|o" || token === "o|") {
    return "zeroOne";
  }
  if (token === "}|" || token === "|{") {
    return "oneMany";
  }
  return "zeroMany";
}

/** Only the table `name` and the tables it refers to or that refer to it. */
export function neighbourhood(model, name) {
  const keep = new Set([name]);
  for (const r of model.relations) {
    if (r.from === name) {
      keep.add(r.to);
    }
    if (r.to === name) {
      keep.add(r.from);
    }
  }
  return {
    entities: model.entities.filter((e) => keep.has(e.name)),
    relations: model.relations.filter((r) => keep.has(r.from) && keep.has(r.to)),
  };
}

// Geometry, in SVG user units. Text is monospace so widths follow from the number of characters.
const CHAR = 7.3;
const TITLE_CHAR = 8.2;
const ROW = 18;
const HEAD = 28;
const PAD = 10;
const MAX_ROWS = 40;
const MAX_CHARS = 32;
const GAP_X = 48;
const GAP_Y = 84;

const clip = (s, n) => (s.length > n ? s.slice(0, n - 1) + "…" : s);

function measure(e) {
  const rows = e.attributes.slice(0, MAX_ROWS).map((a) => ({
    type: clip(a.type, 16),
    name: clip(a.comment ?? a.name, MAX_CHARS),
    keys: a.keys.join(","),
    full: a.comment ?? a.name,
  }));
  const more = e.attributes.length - rows.length;
  const typeW = Math.max(0, ...rows.map((r) => r.type.length)) * CHAR;
  const nameW = Math.max(0, ...rows.map((r) => r.name.length)) * CHAR;
  const keyW = Math.max(0, ...rows.map((r) => r.keys.length)) * CHAR;
  const title = clip(e.name, 40);
  const width = Math.ceil(Math.max(title.length * TITLE_CHAR + 2 * PAD, PAD + typeW + 12 + nameW + (keyW ? 12 + keyW : 0) + PAD, 120));
  const height = HEAD + (rows.length + (more > 0 ? 1 : 0)) * ROW + (rows.length ? 8 : 4);
  return { title, rows, more, typeW, width, height };
}

/** Positions: {nodes: Map name → {x, y, w, h, m, layer}, width, height}. Referenced tables sit above their children. */
export function layout(model) {
  const names = model.entities.map((e) => e.name);
  const parents = new Map(names.map((n) => [n, new Set()]));
  const children = new Map(names.map((n) => [n, new Set()]));
  for (const r of model.relations) {
    if (r.from !== r.to && parents.has(r.from) && parents.has(r.to)) {
      parents.get(r.from).add(r.to);
      children.get(r.to).add(r.from);
    }
  }
  // longest path from a table that refers to nothing; a cycle is cut where the walk meets a table on its stack
  const layer = new Map();
  const onStack = new Set();
  const depth = (n) => {
    if (layer.has(n)) {
      return layer.get(n);
    }
    onStack.add(n);
    let d = 0;
    for (const p of parents.get(n)) {
      if (!onStack.has(p)) {
        d = Math.max(d, depth(p) + 1);
      }
    }
    onStack.delete(n);
    layer.set(n, d);
    return d;
  };
  [...names].sort().forEach(depth);
  // then pull each table down to just above its nearest child, so that a line spans one layer where it can
  // (a table referenced only from deep down would otherwise sit at the top and its lines cross other boxes)
  for (const n of [...names].sort((a, b) => layer.get(b) - layer.get(a))) {
    const below = [...children.get(n)].map((c) => layer.get(c)).filter((d) => d > layer.get(n));
    if (below.length) {
      layer.set(n, Math.max(layer.get(n), Math.min(...below) - 1));
    }
  }
  const isolated = names.filter((n) => parents.get(n).size === 0 && children.get(n).size === 0);
  const layers = [];
  for (const n of [...names].sort()) {
    if (isolated.includes(n) && isolated.length < names.length) {
      continue;
    }
    const d = layer.get(n);
    (layers[d] ||= []).push(n);
  }
  const connected = layers.filter(Boolean);
  // order each layer by the mean position of its neighbours, down then up, a few times (fewer crossings)
  const index = new Map();
  const reindex = () => connected.forEach((l) => l.forEach((n, i) => index.set(n, i / Math.max(1, l.length - 1))));
  reindex();
  for (let sweep = 0; sweep < 4; sweep++) {
    const order = sweep % 2 === 0 ? connected : [...connected].reverse();
    for (const l of order) {
      const key = (n) => {
        const near = [...(sweep % 2 === 0 ? parents.get(n) : children.get(n))].filter((x) => index.has(x));
        return near.length ? near.reduce((s, x) => s + index.get(x), 0) / near.length : index.get(n);
      };
      l.sort((a, b) => key(a) - key(b));
      reindex();
    }
  }
  const perRow = Math.max(4, Math.ceil(Math.sqrt(names.length) * 1.6));
  const rows = [];
  for (const l of connected) {
    for (let i = 0; i < l.length; i += perRow) {
      rows.push(l.slice(i, i + perRow));
    }
  }
  for (let i = 0; i < isolated.length && isolated.length < names.length; i += perRow) {
    rows.push(isolated.slice(i, i + perRow));
  }
  const byName = new Map(model.entities.map((e) => [e.name, e]));
  const nodes = new Map();
  const rowWidths = rows.map((r) => r.reduce((s, n) => s + measure(byName.get(n)).width, 0) + GAP_X * (r.length - 1));
  const width = Math.max(0, ...rowWidths);
  let y = 0;
  rows.forEach((r, ri) => {
    let x = (width - rowWidths[ri]) / 2;
    let tallest = 0;
    for (const n of r) {
      const m = measure(byName.get(n));
      nodes.set(n, { x, y, w: m.width, h: m.height, m, row: ri });
      x += m.width + GAP_X;
      tallest = Math.max(tallest, m.height);
    }
    y += tallest + GAP_Y;
  });
  return { nodes, width, height: Math.max(0, y - GAP_Y) };
}

/** Where each relation leaves and enters its boxes, spread along the side so lines do not overlap. */
function anchors(model, nodes) {
  const ends = [];
  const bySide = new Map();
  const side = (name, s, other, end) => {
    const key = name + "\u0000" + s;
    if (!bySide.has(key)) {
      bySide.set(key, []);
    }
    bySide.get(key).push({ other, end });
  };
  model.relations.forEach((r, i) => {
    const a = nodes.get(r.from);
    const b = nodes.get(r.to);
    if (!a || !b) {
      return;
    }
    const e = { r, a, b, i };
    ends.push(e);
    if (r.from === r.to) {
      e.self = true;
      return;
    }
    if (a.row === b.row) {
      const aLeft = a.x < b.x;
      e.sa = aLeft ? "right" : "left";
      e.sb = aLeft ? "left" : "right";
    } else {
      e.sa = a.y > b.y ? "top" : "bottom";
      e.sb = a.y > b.y ? "bottom" : "top";
    }
    side(r.from, e.sa, b, (p) => (e.pa = p));
    side(r.to, e.sb, a, (p) => (e.pb = p));
  });
  for (const [key, list] of bySide) {
    const [name, s] = key.split("\u0000");
    const n = nodes.get(name);
    const horizontal = s === "top" || s === "bottom";
    list.sort((p, q) => (horizontal ? p.other.x + p.other.w / 2 - (q.other.x + q.other.w / 2) : p.other.y - q.other.y));
    list.forEach((item, k) => {
      const f = (k + 1) / (list.length + 1);
      const point = horizontal
        ? { x: n.x + n.w * (0.15 + 0.7 * f), y: s === "top" ? n.y : n.y + n.h, s }
        : { x: s === "left" ? n.x : n.x + n.w, y: n.y + Math.min(n.h - 8, HEAD + (n.h - HEAD) * f), s };
      item.end(point);
    });
  }
  return ends;
}

const OUT = { top: [0, -1], bottom: [0, 1], left: [-1, 0], right: [1, 0] };

function curve(p, q) {
  const dist = Math.hypot(q.x - p.x, q.y - p.y);
  const k = Math.max(28, Math.min(120, dist / 2.5));
  const c1 = { x: p.x + OUT[p.s][0] * k, y: p.y + OUT[p.s][1] * k };
  const c2 = { x: q.x + OUT[q.s][0] * k, y: q.y + OUT[q.s][1] * k };
  const mid = {
    x: 0.125 * p.x + 0.375 * c1.x + 0.375 * c2.x + 0.125 * q.x,
    y: 0.125 * p.y + 0.375 * c1.y + 0.375 * c2.y + 0.125 * q.y,
  };
  return { d: `M${p.x},${p.y} C${c1.x},${c1.y} ${c2.x},${c2.y} ${q.x},${q.y}`, mid };
}

let instances = 0;

function markers(prefix) {
  // drawn for the end of a line entering a box at x = 20; marker-start reverses them (auto-start-reverse)
  const bar = (x) => svg("line", { x1: x, y1: 4, x2: x, y2: 16 });
  const ring = () => svg("circle", { cx: 6, cy: 10, r: 3.5, class: "er-ring" });
  const crow = () => [svg("line", { x1: 11, y1: 10, x2: 20, y2: 3 }), svg("line", { x1: 11, y1: 10, x2: 20, y2: 17 }), svg("line", { x1: 11, y1: 10, x2: 20, y2: 10 })];
  const shapes = { one: [bar(14), bar(10)], zeroOne: [bar(14), ring()], oneMany: [crow(), bar(8)], zeroMany: [crow(), ring()] };
  return svg(
    "defs",
    null,
    Object.entries(shapes).map(([kind, parts]) =>
      svg("marker", { id: `${prefix}-${kind}`, class: "er-marker", viewBox: "0 0 20 20", refX: 20, refY: 10, markerWidth: 20, markerHeight: 20, markerUnits: "userSpaceOnUse", orient: "auto-start-reverse" }, parts),
    ),
  );
}

function entityBox(e, n, onSelect, focus) {
  const m = n.m;
  const label = `table ${e.name}, ${e.attributes.length} column${e.attributes.length === 1 ? "" : "s"}`;
  const g = svg(
    "g",
    { class: ["er-entity", focus === e.name ? "er-focus" : null], transform: `translate(${n.x},${n.y})`, tabindex: "0", role: "button", "aria-label": label + (onSelect ? ": Enter shows its neighbourhood" : ""), dataset: { table: e.name } },
    svg("title", { text: e.name }),
    svg("rect", { class: "er-box", width: n.w, height: n.h, rx: 5 }),
    svg("path", { class: "er-head", d: `M0,${HEAD} V5 a5,5 0 0 1 5,-5 H${n.w - 5} a5,5 0 0 1 5,5 V${HEAD} Z` }),
    svg("text", { class: "er-title", x: n.w / 2, y: 19, "text-anchor": "middle", text: m.title }),
    m.rows.map((r, i) => {
      const y = HEAD + 4 + (i + 1) * ROW - 5;
      return svg(
        "g",
        { class: "er-row" },
        svg("text", { class: "er-type", x: PAD, y, text: r.type }),
        svg("text", { class: ["er-attr", r.keys.includes("PK") ? "er-pk" : null], x: PAD + m.typeW + 12, y, text: r.name }),
        r.keys ? svg("text", { class: "er-keys", x: n.w - PAD, y, "text-anchor": "end", text: r.keys }) : null,
      );
    }),
    m.more > 0 ? svg("text", { class: "er-more", x: PAD, y: HEAD + 4 + (m.rows.length + 1) * ROW - 5, text: `… ${m.more} more columns` }) : null,
  );
  if (onSelect) {
    g.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        onSelect(e.name);
      }
    });
  }
  return g;
}

/**
 * The drawing with its toolbar: {element, svg, fit()}. options: onSelect(name) when a table is clicked or
 * chosen with Enter; focus: the table to highlight.
 */
export function renderDiagram(model, options = {}) {
  const prefix = "er" + ++instances;
  const { nodes, width, height } = layout(model);
  const ends = anchors(model, nodes);
  const edges = ends.map((e) => {
    let d;
    let mid;
    if (e.self) {
      const x = e.a.x + e.a.w;
      const y = e.a.y + HEAD / 2;
      d = `M${x},${y} C${x + 60},${y - 30} ${x + 60},${y + 50} ${x},${y + 24}`;
      mid = { x: x + 46, y: y + 10 };
    } else {
      ({ d, mid } = curve(e.pa, e.pb));
    }
    return svg(
      "g",
      { class: ["er-edge", e.r.identifying ? "er-identifying" : "er-non-identifying"], dataset: { from: e.r.from, to: e.r.to } },
      svg("title", { text: `${e.r.from} (${e.r.label}) → ${e.r.to}` }),
      svg("path", { class: "er-line", d, "marker-start": `url(#${prefix}-${e.r.fromCard})`, "marker-end": `url(#${prefix}-${e.r.toCard})` }),
      e.r.label ? svg("text", { class: "er-label", x: mid.x, y: mid.y - 4, "text-anchor": "middle", text: clip(e.r.label, 40) }) : null,
    );
  });
  const margin = 40;
  const full = { x: -margin, y: -margin, w: Math.max(width, 200) + 2 * margin, h: Math.max(height, 100) + 2 * margin };
  const root = svg(
    "svg",
    { class: "er-svg", xmlns: "http://www.w3.org/2000/svg", role: "img", tabindex: "0", "aria-label": `Entity-relationship diagram: ${model.entities.length} tables, ${model.relations.length} relationships. Arrow keys pan, plus and minus zoom, 0 fits.` },
    markers(prefix),
    svg("g", { class: "er-edges" }, edges),
    svg("g", { class: "er-entities" }, model.entities.map((e) => (nodes.has(e.name) ? entityBox(e, nodes.get(e.name), options.onSelect, options.focus) : null))),
  );
  let view = { ...full };
  const apply = () => root.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`);
  const fit = () => {
    view = { ...full };
    apply();
  };
  const zoom = (factor, cx = view.x + view.w / 2, cy = view.y + view.h / 2) => {
    const w = Math.min(full.w * 8, Math.max(60, view.w / factor));
    const k = w / view.w;
    view = { x: cx - (cx - view.x) * k, y: cy - (cy - view.y) * k, w, h: view.h * k };
    apply();
  };
  const pan = (dx, dy) => {
    view.x += dx;
    view.y += dy;
    apply();
  };
  const toSvg = (clientX, clientY) => {
    const ctm = root.getScreenCTM();
    if (!ctm) {
      return { x: view.x + view.w / 2, y: view.y + view.h / 2 };
    }
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  };
  root.addEventListener(
    "wheel",
    (ev) => {
      ev.preventDefault();
      const p = toSvg(ev.clientX, ev.clientY);
      zoom(Math.pow(1.0015, -ev.deltaY * (ev.deltaMode === 1 ? 30 : 1)), p.x, p.y);
    },
    { passive: false },
  );
  let drag = null;
  root.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0) {
      return;
    }
    drag = { id: ev.pointerId, x: ev.clientX, y: ev.clientY, moved: false, start: toSvg(ev.clientX, ev.clientY) };
  });
  root.addEventListener("pointermove", (ev) => {
    if (!drag || drag.id !== ev.pointerId) {
      return;
    }
    if (!drag.moved && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) > 4) {
      drag.moved = true;
      root.setPointerCapture(ev.pointerId);
      root.classList.add("er-dragging");
    }
    if (drag.moved) {
      const p = toSvg(ev.clientX, ev.clientY);
      pan(drag.start.x - p.x, drag.start.y - p.y);
    }
  });
  const endDrag = (ev) => {
    if (!drag || drag.id !== ev.pointerId) {
      return;
    }
    const wasClick = !drag.moved;
    drag = null;
    root.classList.remove("er-dragging");
    if (wasClick && options.onSelect) {
      const box = ev.target instanceof Element ? ev.target.closest(".er-entity") : null;
      if (box) {
        options.onSelect(box.dataset.table);
      }
    }
  };
  root.addEventListener("pointerup", endDrag);
  root.addEventListener("pointercancel", endDrag);
  root.addEventListener("keydown", (ev) => {
    const step = view.w * 0.1;
    const keys = {
      ArrowLeft: () => pan(-step, 0),
      ArrowRight: () => pan(step, 0),
      ArrowUp: () => pan(0, -step),
      ArrowDown: () => pan(0, step),
      "+": () => zoom(1.25),
      "=": () => zoom(1.25),
      "-": () => zoom(0.8),
      0: fit,
    };
    // arrows pan only when the drawing itself has the focus (on a table they would scroll nothing useful)
    if (keys[ev.key] && !(ev.key.startsWith("Arrow") && ev.target !== root)) {
      ev.preventDefault();
      keys[ev.key]();
    }
  });
  fit();
  const tool = (label, text, fn) => h("button", { type: "button", class: "ghost small", "aria-label": label, title: label, text, on: { click: fn } });
  const toolbar = h(
    "div",
    { class: "er-toolbar", role: "toolbar", "aria-label": "Diagram zoom" },
    tool("Zoom in", "+", () => zoom(1.25)),
    tool("Zoom out", "−", () => zoom(0.8)),
    tool("Fit the whole diagram", "Fit", fit),
    tool("Actual size", "1:1", () => {
      const r = root.getBoundingClientRect();
      view = { x: view.x, y: view.y, w: r.width || view.w, h: r.height || view.h };
      apply();
    }),
  );
  const element = h("div", { class: "er" }, toolbar, h("div", { class: "er-canvas" }, root));
  return { element, svg: root, fit };
}
