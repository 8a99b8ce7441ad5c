// The console's entry point: restores the session (GET /console/session), shows the login form or the page the
// hash names (#/databases, #/schema/<db>[/<object>], #/diagram/<db>[/<table>], #/query/<db>, #/approvals,
// #/audit), and keeps the top bar (navigation, theme, logout).

import { api, get, setCsrf, setUnauthorizedHandler } from "./api.js";
import { append, h, replace } from "./dom.js";
import { badge, errorBox } from "./widgets.js";
import * as login from "./pages/login.js";
import * as databases from "./pages/databases.js";
import * as schema from "./pages/schema.js";
import * as diagram from "./pages/diagram.js";
import * as query from "./pages/query.js";
import * as approvals from "./pages/approvals.js";
import * as audit from "./pages/audit.js";

const PAGES = { databases, schema, diagram, query, approvals, audit };
const NAV = [
  ["databases", "Databases"],
  ["schema", "Schema"],
  ["query", "Query"],
  ["approvals", "Approvals"],
  ["audit", "Audit"],
];

const header = document.getElementById("top");
const main = document.getElementById("main");
let session = null;
let catalog = null;
let cleanup = null;
let lastDb = null;

const ctx = {
  get session() {
    return session;
  },
  /** The catalog (GET /databases), loaded once per session. */
  databases() {
    if (!catalog) {
      catalog = get("/databases").catch((e) => {
        catalog = null;
        throw e;
      });
    }
    return catalog;
  },
  /** The database a page should open: the one named, the last one used, or the first. */
  async pickDb(named) {
    const list = (await ctx.databases()).databases || [];
    const names = list.map((d) => d.name);
    const db = names.includes(named) ? named : names.includes(lastDb) ? lastDb : names[0] || null;
    lastDb = db;
    return db;
  },
  go(hash) {
    if (location.hash === hash) {
      route();
    } else {
      location.hash = hash;
    }
  },
};

function parseHash() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  return { page: parts[0] || "databases", args: parts.slice(1) };
}

async function route() {
  if (!session) {
    return;
  }
  const { page, args } = parseHash();
  const module = PAGES[page];
  if (!module) {
    location.replace("#/databases");
    return;
  }
  if (cleanup) {
    cleanup();
    cleanup = null;
  }
  const current = page === "diagram" ? "schema" : page;
  for (const a of header.querySelectorAll("nav a")) {
    if (a.dataset.page === current) {
      a.setAttribute("aria-current", "page");
    } else {
      a.removeAttribute("aria-current");
    }
  }
  const root = h("div", { class: ["page", "page-" + page] });
  replace(main, root);
  const token = {};
  route.current = token;
  let done = null;
  try {
    done = await module.render(root, ctx, args);
  } catch (e) {
    append(root, errorBox(e));
  }
  if (route.current !== token) {
    if (typeof done === "function") {
      done();
    }
    return;
  }
  cleanup = typeof done === "function" ? done : null;
  const title = root.querySelector("h1");
  document.title = (title ? title.textContent + " · " : "") + "gabysql console";
  if (route.focus && title) {
    title.setAttribute("tabindex", "-1");
    title.focus({ preventScroll: true });
  }
  route.focus = true;
}

function themeButton() {
  const label = () => {
    const t = document.documentElement.getAttribute("data-theme");
    const dark = t ? t === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
    return dark ? "Light theme" : "Dark theme";
  };
  const button = h("button", {
    type: "button",
    class: "ghost theme-toggle",
    text: label(),
    on: {
      click: () => {
        const next = button.textContent === "Dark theme" ? "dark" : "light";
        document.documentElement.setAttribute("data-theme", next);
        try {
          localStorage.setItem("gabysql-theme", next);
        } catch {
          // not stored: the choice lasts for this page only
        }
        button.textContent = label();
      },
    },
  });
  return button;
}

function renderHeader() {
  const brand = h("a", { class: "brand", href: "#/databases" }, h("img", { src: "/console/icon.svg", alt: "", width: "22", height: "22" }), h("span", { text: "gabysql" }));
  if (!session) {
    replace(header, h("div", { class: "bar" }, brand, h("div", { class: "bar-end" }, themeButton())));
    return;
  }
  const nav = h(
    "nav",
    { "aria-label": "Pages" },
    h("ul", null, NAV.map(([page, label]) => h("li", null, h("a", { href: "#/" + page, dataset: { page }, text: label })))),
  );
  const who = h(
    "span",
    { class: "who", title: "Logged in as" },
    h("span", { class: "caller", text: session.caller || "local" }),
    " ",
    badge(session.mode || "readonly", "mode"),
    session.approver ? [" ", badge("approver", "ok")] : null,
  );
  const logout = h("button", { type: "button", class: "ghost", text: "Log out", on: { click: doLogout } });
  replace(header, h("div", { class: "bar" }, brand, nav, h("div", { class: "bar-end" }, who, themeButton(), logout)));
}

async function doLogout() {
  try {
    await api("DELETE", "/console/session", undefined, { loginCall: true });
  } catch {
    // the session is gone either way
  }
  showLogin();
}

function showLogin(reason) {
  if (cleanup) {
    cleanup();
    cleanup = null;
  }
  session = null;
  catalog = null;
  setCsrf(null);
  renderHeader();
  const root = h("div", { class: "page page-login" });
  replace(main, root);
  document.title = "Log in · gabysql console";
  login.render(root, { reason, onLogin: start });
}

function start(newSession) {
  session = newSession;
  setCsrf(newSession.csrf);
  renderHeader();
  route.focus = false;
  if (!location.hash || location.hash === "#" || location.hash === "#/") {
    location.replace("#/databases");
  }
  route();
}

setUnauthorizedHandler(() => {
  if (session) {
    showLogin("Your session has ended: log in again.");
  }
});
window.addEventListener("hashchange", route);
document.getElementById("skip").addEventListener("click", (e) => {
  e.preventDefault();
  main.focus();
});

(async () => {
  try {
    start(await api("GET", "/console/session", undefined, { loginCall: true }));
  } catch (e) {
    showLogin(e.status === 401 ? null : e);
  }
})();
