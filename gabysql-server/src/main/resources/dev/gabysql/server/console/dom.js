// DOM building without HTML parsing. Everything the console shows is built here with createElement and
// textContent: a value from the database (a cell, a column name, a comment, a routine body) can never become
// markup or script, whatever it holds. Nothing in the console uses innerHTML, insertAdjacentHTML or outerHTML.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * An element: h("button", {class: "primary", type: "button", on: {click: fn}}, "Run").
 * props: class (string or array), text, dataset, on (event → listener), hidden, disabled, checked, value,
 * selected, any other key → setAttribute (never "style": the CSP forbids inline styles).
 * children: strings and numbers (become text nodes), nodes, arrays of them; null, undefined and false are skipped.
 */
export function h(tag, props, ...children) {
  return build(document.createElement(tag), props, children);
}

/** An SVG element, same props and children as {@link h}. */
export function svg(tag, props, ...children) {
  return build(document.createElementNS(SVG_NS, tag), props, children);
}

const PROPERTIES = new Set(["hidden", "disabled", "checked", "value", "selected", "open", "tabIndex"]);

function build(el, props, children) {
  if (props) {
    for (const [key, value] of Object.entries(props)) {
      if (value === undefined || value === null || value === false) {
        continue;
      }
      if (key === "class") {
        const names = Array.isArray(value) ? value.filter(Boolean) : String(value).split(/\s+/).filter(Boolean);
        el.classList.add(...names);
      } else if (key === "text") {
        el.textContent = String(value);
      } else if (key === "on") {
        for (const [type, listener] of Object.entries(value)) {
          el.addEventListener(type, listener);
        }
      } else if (key === "dataset") {
        Object.assign(el.dataset, value);
      } else if (key === "style" || key.startsWith("on")) {
        throw new Error("inline styles and handlers are not allowed: " + key);
      } else if (PROPERTIES.has(key)) {
        el[key] = value;
      } else {
        el.setAttribute(key, value === true ? "" : String(value));
      }
    }
  }
  append(el, children);
  return el;
}

/** Appends children (text, nodes, nested arrays) to el; returns el. */
export function append(el, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) {
      continue;
    }
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replaces el's children. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** Runs fn(...) at most once per `ms` after the last call. */
export function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

/** "3 s ago", "5 min ago", "2 h ago", "4 d ago" from an ISO time; "" when unreadable. */
export function age(iso, now = Date.now()) {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) {
    return "";
  }
  const s = Math.round((now - t) / 1000);
  const future = s < 0;
  const a = Math.abs(s);
  const text = a < 60 ? `${a} s` : a < 3600 ? `${Math.floor(a / 60)} min` : a < 86400
      ? `${Math.floor(a / 3600)} h` : `${Math.floor(a / 86400)} d`;
  return future ? `in ${text}` : `${text} ago`;
}

/** A local, readable time of an ISO instant (seconds precision); the input itself when unreadable. */
export function localTime(iso) {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) {
    return String(iso ?? "");
  }
  const d = new Date(t);
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
