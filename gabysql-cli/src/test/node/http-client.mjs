// Drives `gabysql serve` at /mcp over Streamable HTTP with the official MCP TypeScript SDK client and prints one
// JSON summary on stdout for ServeMcpIT to assert on. Usage: node http-client.mjs CONFIG.json
//   CONFIG: {"url": "http://127.0.0.1:PORT/mcp", "token": "...", "db": "shop", "okSql": "...",
//            "urls": ["http://127.0.0.1:A/mcp", "http://127.0.0.1:B/mcp"] (optional, instead of url: each HTTP
//              request goes to the next in turn, as a load balancer without sticky sessions sends them),
//            "writeSql": "UPDATE … WHERE …" (optional: previewed and confirmed when the session may write),
//            "slowSql": "SELECT pg_sleep(30)" (optional: cancelled after 1.5 s)}
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const summary = { calls: {} };

function describe(result) {
  const text = (result.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
  const s = result.structuredContent || {};
  return { isError: result.isError === true, code: s.error ? s.error.code : undefined, text: text.slice(0, 400),
    rowCount: s.row_count, structured: s };
}

async function call(client, name, args, options) {
  try {
    return describe(await client.callTool({ name, arguments: args }, undefined, options));
  } catch (e) {
    return { threw: String(e && e.message ? e.message : e) };
  }
}

const headers = config.token ? { Authorization: `Bearer ${config.token}` } : {};
const urls = config.urls || [config.url];
summary.served = urls.map(() => 0);
let turn = 0;
function roundRobin(input, init) {
  const i = turn++ % urls.length;
  summary.served[i]++;
  const target = new URL(urls[i]);
  const url = new URL(input instanceof Request ? input.url : String(input));
  url.protocol = target.protocol;
  url.host = target.host;
  return fetch(url, init);
}
const transport = new StreamableHTTPClientTransport(new URL(urls[0]), { requestInit: { headers }, fetch: roundRobin });
const client = new Client({ name: "gabysql-http-it", version: "1.0.0" });
try {
  await client.connect(transport);
} catch (e) {
  summary.connectError = String(e && e.message ? e.message : e);
  process.stdout.write(JSON.stringify(summary) + "\n");
  process.exit(0);
}
summary.server = client.getServerVersion();
summary.sessionId = transport.sessionId;
summary.tools = (await client.listTools()).tools.map((t) => t.name);
await client.ping();
summary.pinged = true;

const db = config.db;
const c = summary.calls;
c.list_databases = await call(client, "gabysql_list_databases", {});
c.describe = await call(client, "gabysql_describe_database", { db, detail: "names" });
c.query = await call(client, "gabysql_query", { db, sql: config.okSql });
c.refused_write = await call(client, "gabysql_query", { db, sql: "DELETE FROM orders" });
c.unknown_db = await call(client, "gabysql_query", { db: "no_such_db", sql: "SELECT 1" });
if (config.writeSql) {
  c.preview = await call(client, "gabysql_execute", { db, sql: config.writeSql });
  const token = c.preview.structured && c.preview.structured.confirm_token;
  if (token) {
    c.commit = await call(client, "gabysql_execute", { db, sql: config.writeSql, confirm_token: token });
  }
}
summary.resources = (await client.listResources()).resources.map((r) => r.uri);
summary.catalog = (await client.readResource({ uri: "gabysql://catalog" })).contents[0].text.slice(0, 400);
summary.prompts = (await client.listPrompts()).prompts.map((p) => p.name);

if (config.slowSql) {
  const controller = new AbortController();
  const t0 = Date.now();
  setTimeout(() => controller.abort("changed my mind"), 1500);
  c.cancelled = await call(client, "gabysql_query", { db, sql: config.slowSql }, { signal: controller.signal });
  c.cancelled.ms = Date.now() - t0;
  await new Promise((res) => setTimeout(res, 500));
  c.after_cancel = await call(client, "gabysql_query", { db, sql: config.okSql });
}

await transport.terminateSession().catch(() => {});
await client.close();
process.stdout.write(JSON.stringify(summary) + "\n");
