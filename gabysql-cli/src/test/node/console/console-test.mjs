// The console in a real browser: Playwright (playwright-core) driving Debian's Chromium headless against a real
// `gabysql serve`, run by ConsoleBrowserIT. Prints one JSON summary on stdout ({steps, failed?, ...}); the IT
// asserts on it and then reads the database itself. Usage: node console/console-test.mjs CONFIG.json
//   CONFIG: {"base": "http://127.0.0.1:PORT", "chromium": "/usr/bin/chromium",
//            "loginToken": "...",            the token a person logs in with (approver: may approve)
//            "agentToken": "..." | null,     the agent's bearer token for /mcp (null: an open loopback server)
//            "db": "demo", "tables": ["customers", ...], "table": "orders", "column": "customer_id",
//            "readSql": "SELECT …", "readExpect": ["text", ...],   values the grid must show
//            "nullSql": "SELECT NULL AS n, '' AS e",
//            "writeSql": "UPDATE …", "writeTable": "orders",        previewed, approved and committed in the page
//            "agentSql": "DELETE …", "rejectSql": "UPDATE …",       sent by an MCP agent, approved / rejected in Approvals
//            "evilDb": "lab", "evilTable": "evil", "evilSql": "SELECT * FROM evil", "payload": "<img …>",
//            "evilTableName": "<b …>", "evilTexts": ["<script>…"] (comments), "evilRoutines": ["routine:f()"],
//            "screenshots": "/dir" | null}
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const base = config.base.replace(/\/$/, "");
const summary = { steps: [] };
const TIMEOUT = 15_000;

const browser = await chromium.launch({
  executablePath: config.chromium || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync"],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: "light" });
context.setDefaultTimeout(TIMEOUT);
// records what the page's CSP refused and every script error: both must stay empty
await context.addInitScript(() => {
  window.__csp = [];
  document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
});
const page = await context.newPage();
const pageErrors = [];
page.on("pageerror", (e) => pageErrors.push(String(e.message)));
const failedRequests = [];
page.on("response", (r) => {
  if (r.status() >= 500) {
    failedRequests.push(`${r.status()} ${r.url()}`);
  }
});

function expect(cond, message) {
  if (!cond) {
    throw new Error(message);
  }
}

async function step(name, fn) {
  const t0 = Date.now();
  try {
    const detail = await fn();
    summary.steps.push({ name, ok: true, ms: Date.now() - t0, ...(detail ? { detail } : {}) });
  } catch (e) {
    summary.steps.push({ name, ok: false, error: String(e && e.stack ? e.stack : e) });
    summary.failed = name;
    await shot("failure-" + name.replace(/\W+/g, "-")).catch(() => {});
    throw e;
  }
}

async function shot(name, options = {}) {
  if (!config.screenshots) {
    return;
  }
  mkdirSync(config.screenshots, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky top bar would otherwise sit mid-picture
  await page.screenshot({ path: join(config.screenshots, name + ".png"), fullPage: options.fullPage ?? true });
}

async function go(hash) {
  await page.goto(base + "/" + hash);
  await page.waitForSelector("main .page h1");
}

/** Sets the editor's text as a person types it (input events), then runs it with Ctrl-Enter. */
async function typeSql(sql) {
  const editor = page.locator("textarea.editor-input");
  await editor.fill(sql);
  return editor;
}

/** Waits for the query's answer: a grid (returned) or an error box (thrown with its text). */
async function result(selector = ".query-output table.grid tbody tr") {
  const first = await page.waitForSelector(`${selector}, .query-output .error`);
  if (await first.evaluate((e) => e.classList.contains("error"))) {
    throw new Error("the page shows an error: " + (await first.innerText()));
  }
}

async function pwned() {
  return page.evaluate(() => ({
    pwned: window.__pwned,
    strayImages: [...document.querySelectorAll("img")].filter((i) => i.getAttribute("src") !== "/console/icon.svg").length,
    scripts: [...document.querySelectorAll("script")].filter((s) => !s.src).length,
  }));
}

let mcp = null;
async function agent() {
  if (!mcp) {
    const headers = config.agentToken ? { Authorization: `Bearer ${config.agentToken}` } : {};
    const transport = new StreamableHTTPClientTransport(new URL(config.mcpUrl || base + "/mcp"), { requestInit: { headers } });
    // no elicitation capability: where a person approves, the write answers awaiting_approval
    mcp = new Client({ name: "console-it-agent", version: "1.0.0" }, { capabilities: {} });
    await mcp.connect(transport);
  }
  return mcp;
}

async function agentWrite(sql) {
  const result = await (await agent()).callTool({ name: "gabysql_execute", arguments: { db: config.db, sql } });
  const s = result.structuredContent || {};
  expect(s.status === "awaiting_approval" && s.approval_id, "the agent's write should wait for a person: " + JSON.stringify(s).slice(0, 400));
  expect(!s.confirm_token, "a write waiting for a person carries no confirm token");
  return s.approval_id;
}

async function sessionOf() {
  return page.evaluate(async () => {
    const r = await fetch("/console/session", { credentials: "same-origin" });
    return { status: r.status, body: r.ok ? await r.json() : null };
  });
}

try {
  await step("login page, wrong token refused", async () => {
    const response = await page.goto(base + "/");
    const csp = response.headers()["content-security-policy"] || "";
    expect(csp.includes("script-src 'self'") && csp.includes("default-src 'none'"), "strict CSP on the page: " + csp);
    await page.waitForSelector("form.login input[type=password]#token");
    await shot("login");
    await page.fill("#token", "not-a-token-of-this-server-0000");
    await page.click("form.login button[type=submit]");
    await page.waitForSelector("form.login .error .code");
    const code = await page.textContent("form.login .error .code");
    expect(code === "UNAUTHORIZED", "a wrong token shows the server's code: " + code);
    expect(!page.url().includes("not-a-token"), "the token is never in the URL");
    return { csp };
  });

  await step("log in", async () => {
    await page.fill("#token", config.loginToken);
    await page.click("form.login button[type=submit]");
    await page.waitForSelector("header nav a[data-page=databases]");
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);
    expect(!stored.includes(config.loginToken), "the token is not kept by the page (storage or a readable cookie)");
    const s = await sessionOf();
    expect(s.status === 200 && s.body.csrf, "GET /console/session restores the session: " + JSON.stringify(s));
    summary.session = { caller: s.body.caller, approver: s.body.approver, mode: s.body.mode };
    await page.reload();
    await page.waitForSelector("header nav a[data-page=databases]");
    return summary.session;
  });

  await step("databases", async () => {
    await go("#/databases");
    const card = page.locator("article.db-card", { has: page.locator(`h2:text-is("${config.db}")`) });
    await card.waitFor();
    await card.locator(".health .badge-ok").waitFor();
    const text = await card.innerText();
    expect(/readwrite/.test(text), "the database's mode is shown: " + text);
    await shot("databases");
    return { card: text.replace(/\s+/g, " ").slice(0, 300) };
  });

  await step("schema", async () => {
    await go(`#/schema/${encodeURIComponent(config.db)}`);
    await page.waitForSelector(".object-list a");
    const names = await page.locator(".object-list a .mono").allTextContents();
    for (const t of config.tables) {
      expect(names.includes(t), `table ${t} is listed: ${names}`);
    }
    await page.fill(".schema-side input[type=search]", config.column);
    await page.waitForFunction((col) => [...document.querySelectorAll(".column-hits")].some((e) => e.textContent.includes(col)), config.column);
    await page.fill(".schema-side input[type=search]", "");
    await page.click(`.object-list a:has(.mono:text-is("${config.table}"))`);
    await page.waitForSelector(".table-view .columns-table");
    await page.waitForSelector(".table-view h3:text-is('Sample rows')");
    const detail = await page.innerText(".table-view");
    expect(detail.includes(config.column), "the table's columns are shown");
    expect(/Foreign keys|Referenced by/.test(detail), "foreign keys are shown");
    await shot("schema");
    return { objects: names };
  });

  await step("diagram", async () => {
    await go(`#/diagram/${encodeURIComponent(config.db)}`);
    await page.waitForSelector("svg.er-svg .er-entity");
    const titles = await page.locator("svg.er-svg .er-title").allTextContents();
    for (const t of config.tables) {
      expect(titles.includes(t), `the diagram draws ${t}: ${titles}`);
    }
    const edges = await page.locator("svg.er-svg .er-edge").count();
    expect(edges >= 1, "the diagram draws the foreign keys");
    const before = await page.getAttribute("svg.er-svg", "viewBox");
    await page.click(".er-toolbar button[aria-label='Zoom in']");
    const after = await page.getAttribute("svg.er-svg", "viewBox");
    expect(before !== after, "zoom changes the view");
    await page.click(".er-toolbar button[aria-label='Fit the whole diagram']");
    await shot("diagram");
    await page.click(`svg.er-svg .er-entity[data-table="${config.table}"]`);
    await page.waitForURL(new RegExp(`#/diagram/[^/]+/${config.table}$`));
    await page.waitForSelector(`svg.er-svg .er-focus[data-table="${config.table}"]`);
    const around = await page.locator("svg.er-svg .er-title").allTextContents();
    expect(around.includes(config.table) && around.length <= titles.length, "the neighbourhood shows the table and its neighbours: " + around);
    return { tables: titles.length, edges, neighbourhood: around };
  });

  await step("query", async () => {
    await go(`#/query/${encodeURIComponent(config.db)}`);
    const editor = await typeSql(config.readSql);
    const highlighted = await page.locator(".editor-highlight .tok-keyword").count();
    expect(highlighted > 0, "the editor highlights keywords");
    await editor.press("Control+Enter");
    await result();
    const grid = await page.innerText(".query-output table.grid");
    for (const v of config.readExpect) {
      expect(grid.includes(v), `the grid shows ${v}: ${grid.slice(0, 300)}`);
    }
    await shot("query");
    await typeSql(config.nullSql);
    await page.click(".query-form button:text-is('Run')");
    await result(".query-output td.null .null-badge");
    const cells = await page.evaluate(() => [...document.querySelectorAll(".query-output tbody td")].map((td) => ({ cls: td.className, text: td.textContent })));
    expect(cells.some((c) => c.cls.includes("null") && c.text === "NULL"), "NULL is a badge");
    expect(cells.some((c) => c.cls.includes("empty") && c.text === ""), "the empty string is an empty cell, not NULL");
    await typeSql(config.readSql);
    await page.click(".query-form button:text-is('Explain')");
    await result(".query-output pre.plan");
    const plan = await page.innerText(".query-output pre.plan");
    expect(plan.trim().length > 0, "EXPLAIN shows a plan");
    return { plan: plan.slice(0, 200) };
  });

  await step("write: preview, blast radius, approve and commit", async () => {
    if (!summary.session.approver) {
      return { skipped: "the session is not an approver's" };
    }
    await typeSql(config.writeSql);
    await page.click(".query-form button:text-is('Preview write')");
    await result(".write-preview .blast-table");
    const radius = await page.innerText(".write-preview .blast-table");
    expect(radius.includes(config.writeTable), "the blast radius names the table: " + radius);
    const status = await page.innerText(".write-preview h2 .badge");
    await shot("write-preview");
    let committed;
    if (await page.locator(".write-preview button:text-is('Commit')").count()) {
      await page.click(".write-preview button:text-is('Commit')");
    } else {
      await page.click(".write-preview button:text-is('Approve and commit')");
    }
    await page.waitForSelector(".write-preview .outcome");
    committed = await page.innerText(".write-preview .outcome");
    expect(/committed/.test(committed), "the write is committed: " + committed);
    return { status, radius: radius.replace(/\s+/g, " "), outcome: committed.replace(/\s+/g, " ") };
  });

  await step("untrusted data renders as text", async () => {
    await go(`#/query/${encodeURIComponent(config.evilDb)}`);
    await typeSql(config.evilSql);
    await page.click(".query-form button:text-is('Run')");
    await result();
    const cells = await page.locator(".query-output tbody td").allTextContents();
    const heads = await page.locator(".query-output thead .col-name").allTextContents();
    expect(cells.includes(config.payload), "the payload is shown as its text: " + cells);
    expect(heads.some((h) => h.includes("<")), "an HTML column name is shown as text: " + heads);
    await go(`#/schema/${encodeURIComponent(config.evilDb)}/${encodeURIComponent(config.evilTable)}`);
    await page.waitForSelector(".table-view h3:text-is('Sample rows')");
    const schemaText = await page.innerText(".table-view");
    for (const t of config.evilTexts || []) {
      expect(schemaText.includes(t), `the schema page shows ${t} as text`);
    }
    const listed = await page.locator(".object-list a .mono").allTextContents();
    expect(listed.includes(config.evilTableName), "an HTML table name is listed as text: " + listed);
    await go(`#/diagram/${encodeURIComponent(config.evilDb)}`);
    await page.waitForSelector("svg.er-svg .er-entity");
    const diagramText = await page.locator("svg.er-svg").textContent();
    const drawn = await page.locator("svg.er-svg .er-title").allTextContents();
    expect(drawn.includes(config.evilTableName), "the diagram draws the HTML table name as text: " + drawn);
    for (const r of config.evilRoutines || []) {
      await go(`#/schema/${encodeURIComponent(config.evilDb)}/${encodeURIComponent(r)}`);
      await page.waitForSelector(".routine-view");
      expect((await page.innerText(".routine-view")).includes("<img"), "a routine's source is shown as text");
    }
    const state = await pwned();
    expect(state.pwned === undefined, "no payload ran: window.__pwned = " + state.pwned);
    expect(state.strayImages === 0, "no <img> was created from data");
    expect(state.scripts === 0, "no inline script element exists");
    expect(schemaText.includes("<img") && diagramText.includes("<img"), "the schema page and the diagram show the names as text");
    return state;
  });

  await step("an agent's write appears in Approvals and commits there", async () => {
    await go("#/approvals");
    await page.waitForSelector(".approval-list");
    const id = await agentWrite(config.agentSql);
    // no reload: the page polls
    const card = page.locator("article.approval", { has: page.locator(`h2:text-is("${id}")`) });
    await card.waitFor({ timeout: 10_000 });
    const text = await card.innerText();
    expect(text.includes(config.agentSql.split(" ")[0]), "the card shows the SQL");
    expect(/Blast radius/.test(text), "the card shows the blast radius");
    expect(/Asked by/.test(text) && /ago/.test(text), "the card shows who asked and how long ago");
    await shot("approvals");
    if (!summary.session.approver) {
      expect(await card.locator("button:text-is('Approve and commit')").count() === 0, "no approve button for a non-approver");
      return { id, skipped: "not an approver" };
    }
    await card.locator("button:text-is('Approve and commit')").click();
    await card.locator(".outcome").waitFor();
    const outcome = await card.locator(".outcome").innerText();
    expect(/committed/.test(outcome), "approved and committed: " + outcome);
    summary.approvedId = id;
    return { id, outcome: outcome.replace(/\s+/g, " ") };
  });

  await step("a request without the CSRF header is refused", async () => {
    const id = await agentWrite(config.rejectSql);
    summary.rejectedId = id;
    const noHeader = await page.request.post(`${base}/approvals/${id}`, { data: { decision: "approve" } });
    const inPage = await page.evaluate(async (id) => {
      const r = await fetch(`/approvals/${id}`, { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: '{"decision":"approve"}' });
      return r.status;
    }, id);
    const wrong = await page.request.post(`${base}/sql`, {
      headers: { "X-Gabysql-Csrf": "not-the-token" },
      data: { db: config.db, sql: config.rejectSql, execute: true },
    });
    const read = await page.request.get(`${base}/databases`);
    expect(noHeader.status() === 403, "POST /approvals/{id} without the header: " + noHeader.status());
    expect(inPage === 403, "fetch without the header from the page: " + inPage);
    expect(wrong.status() === 403, "a wrong CSRF token: " + wrong.status());
    expect(read.status() === 403, "a GET without the header: " + read.status());
    // still waiting: reject it in the page
    await go("#/approvals");
    const card = page.locator("article.approval", { has: page.locator(`h2:text-is("${id}")`) });
    await card.waitFor({ timeout: 10_000 });
    if (summary.session.approver) {
      await card.locator("button:text-is('Reject')").click();
      await card.locator(".outcome").waitFor();
      expect(/rejected/.test(await card.locator(".outcome").innerText()), "rejected");
    }
    return { withoutHeader: noHeader.status(), inPage, wrongToken: wrong.status(), get: read.status(), body: (await noHeader.text()).slice(0, 200) };
  });

  await step("audit: the write's story and the chain", async () => {
    await go("#/audit");
    await page.waitForSelector(".audit-list .event");
    const story = page.locator("article.story", { hasText: summary.approvedId || config.agentSql });
    await story.first().waitFor();
    const steps = await story.first().locator(".story-steps li").allTextContents();
    expect(steps.length >= 2 && steps.some((s) => /committed/.test(s)), "the story runs to the commit: " + steps);
    await page.click("button:text-is('Verify chain')");
    await page.waitForSelector(".verify-result .notice, .verify-result .error");
    const verify = await page.innerText(".verify-result");
    expect(/chain ok/.test(verify), "the audit chain verifies: " + verify);
    await shot("audit", { fullPage: false });
    await page.selectOption(".audit-filters select[name=db]", config.db);
    await page.fill(".audit-filters input[name=outcome]", "committed");
    await page.click(".audit-filters button[type=submit]");
    await page.waitForFunction(() => {
      const outcomes = [...document.querySelectorAll(".audit-list .event")].map((e) => e.dataset.outcome);
      return outcomes.length > 0 && outcomes.every((o) => o === "committed");
    });
    return { steps, verify };
  });

  await step("dark theme, narrow window, keyboard", async () => {
    await go(`#/diagram/${encodeURIComponent(config.db)}`);
    await page.click("button.theme-toggle");
    const theme = await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem("gabysql-theme")]);
    expect(theme[0] === "dark" && theme[1] === "dark", "the toggle switches to dark and keeps it: " + theme);
    await page.waitForSelector("svg.er-svg .er-entity");
    await shot("diagram-dark");
    await go(`#/query/${encodeURIComponent(config.db)}`);
    await (await typeSql(config.readSql)).press("Control+Enter");
    await result();
    await shot("query-dark");
    await page.click("button.theme-toggle");
    await page.setViewportSize({ width: 400, height: 800 });
    await go(`#/schema/${encodeURIComponent(config.db)}/${encodeURIComponent(config.table)}`);
    await page.waitForSelector(".table-view .columns-table");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 1, "no horizontal scrolling of the page at 400px: " + overflow);
    await shot("schema-narrow");
    await page.setViewportSize({ width: 1280, height: 860 });
    // keyboard only: Tab reaches the navigation, Enter follows a link
    await go("#/databases");
    await page.focus("header nav a[data-page=audit]");
    await page.keyboard.press("Enter");
    await page.waitForURL(/#\/audit$/);
    return { overflow };
  });

  await step("log out", async () => {
    await page.click("button:text-is('Log out')");
    await page.waitForSelector("form.login");
    const s = await sessionOf();
    expect(s.status === 401, "the session is gone: " + s.status);
    if (config.agentToken) {
      // on a server with tokens, the old cookie opens nothing (an open loopback server answers local clients anyway)
      const after = await page.request.get(`${base}/databases`);
      expect(after.status() === 401, "the cookie no longer opens the API: " + after.status());
    }
  });

  if (config.agentToken) {
    await step("an agent's session browses but cannot approve", async () => {
      await page.fill("#token", config.agentToken);
      await page.click("form.login button[type=submit]");
      await page.waitForSelector("header nav a[data-page=approvals]");
      const s = await sessionOf();
      expect(s.body && s.body.approver === false, "an agent's token signs in a non-approver: " + JSON.stringify(s.body));
      await go("#/approvals");
      await page.waitForSelector(".page-approvals .notice-warn");
      const why = await page.innerText(".page-approvals .notice-warn");
      expect(/cannot approve/.test(why) && /approver/.test(why), "the page says why approving is not possible: " + why);
      await page.waitForSelector(".page-approvals .error .code");
      const code = await page.textContent(".page-approvals .error .code");
      expect(code === "NOT_AN_APPROVER", "GET /approvals is refused to an agent's session: " + code);
      expect((await page.locator("button:text-is('Approve and commit')").count()) === 0, "no approve button");
      await shot("approvals-agent", { fullPage: false });
      await page.click("button:text-is('Log out')");
      await page.waitForSelector("form.login");
      return { caller: s.body.caller, why: why.slice(0, 160) };
    });
  }

  summary.csp = await page.evaluate(() => window.__csp);
  summary.pageErrors = pageErrors;
  summary.serverErrors = failedRequests;
  if (summary.csp.length || pageErrors.length) {
    summary.failed = "CSP violations or script errors";
  }
} catch (e) {
  summary.pageErrors = pageErrors;
  summary.csp = await page.evaluate(() => window.__csp).catch(() => null);
  summary.failed ||= String(e);
} finally {
  if (mcp) {
    await mcp.close().catch(() => {});
  }
  await browser.close();
  process.stdout.write(JSON.stringify(summary) + "\n");
}
