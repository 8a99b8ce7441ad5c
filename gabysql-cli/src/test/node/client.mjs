// Drives `gabysql mcp` over stdio with the official MCP TypeScript SDK client and prints one JSON summary on
// stdout for McpStdioIT to assert on. Usage: node client.mjs CONFIG.json
//   CONFIG: {"command": "java", "args": [...], "db": "demo", "table": "orders", "pattern": "cust",
//            "okSql": "...", "hugeSql": "...", "slowSql": "SELECT pg_sleep(30)" (optional),
//            "adviseSql": a slow read to ask gabysql_explain's index advice for (optional)}
// The client validates every structuredContent against the tool's outputSchema (after listTools), so a tool
// answer that does not match its declared schema shows up here as a thrown error.
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const summary = { calls: {}, errors: {}, resources: {}, prompts: {} };

function describe(result) {
  const text = (result.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
  const s = result.structuredContent || {};
  return {
    isError: result.isError === true,
    code: s.error ? s.error.code : undefined,
    text: text.slice(0, 400),
    chars: text.length,
    rowCount: s.row_count,
    truncated: s.truncated,
    hasStructured: result.structuredContent !== undefined,
    advice: s.advice,
  };
}

async function call(client, name, args, options) {
  try {
    return describe(await client.callTool({ name, arguments: args }, undefined, options));
  } catch (e) {
    return { threw: String(e && e.message ? e.message : e) };
  }
}

async function attempt(fn) {
  try {
    return await fn();
  } catch (e) {
    return { threw: String(e && e.message ? e.message : e), code: e && e.code };
  }
}

const transport = new StdioClientTransport({ command: config.command, args: config.args, stderr: "pipe" });
let stderr = "";
transport.stderr?.on("data", (d) => { stderr += d.toString(); });
const client = new Client({ name: "gabysql-it", version: "1.0.0" });
const started = Date.now();
await client.connect(transport);
summary.connectMs = Date.now() - started;
summary.server = client.getServerVersion();
summary.instructions = client.getInstructions();

const tools = (await client.listTools()).tools;
summary.tools = tools.map((t) => ({ name: t.name, annotations: t.annotations, hasOutputSchema: !!t.outputSchema,
  required: (t.inputSchema && t.inputSchema.required) || [] }));

const db = config.db;
const c = summary.calls;
c.list_databases = await call(client, "gabysql_list_databases", {});
c.describe_names = await call(client, "gabysql_describe_database", { db, detail: "names" });
c.describe_summary = await call(client, "gabysql_describe_database", { db });
c.describe_full = await call(client, "gabysql_describe_database", { db, detail: "full" });
c.describe_table = await call(client, "gabysql_describe_table", { db, table: config.table });
c.search = await call(client, "gabysql_search", { db, pattern: config.pattern });
c.query = await call(client, "gabysql_query", { db, sql: config.okSql });
c.query_params = await call(client, "gabysql_query", { db, sql: "SELECT ? AS a, ? AS b", params: [41, "x"] });
c.query_huge = await call(client, "gabysql_query", { db, sql: config.hugeSql });
c.show_tables = await call(client, "gabysql_query", { db, sql: "SHOW TABLES" });
c.explain = await call(client, "gabysql_explain", { db, sql: config.okSql });
c.integrity_check = await call(client, "gabysql_health", { db, report: "integrity" });
c.health = await call(client, "gabysql_health", { db });
if (config.adviseSql) {
  // "why is this slow?": the plan and the index that would help, proven with hypothetical indexes
  c.advice = await call(client, "gabysql_explain", { db, sql: config.adviseSql, advise: true });
}

const e = summary.errors;
e.unknown_db = await call(client, "gabysql_query", { db: "no_such_db", sql: "SELECT 1" });
e.path_as_db = await call(client, "gabysql_query", { db: "/etc/passwd", sql: "SELECT 1" });
e.empty_sql = await call(client, "gabysql_query", { db, sql: "" });
e.two_statements = await call(client, "gabysql_query", { db, sql: "SELECT 1; SELECT 2" });
e.write = await call(client, "gabysql_query", { db, sql: `DELETE FROM ${config.table}` });
e.syntax = await call(client, "gabysql_query", { db, sql: "SELECT FROM WHERE" });
e.execute_in_readonly = await call(client, "gabysql_execute", { db, sql: `DELETE FROM ${config.table}` });
c.after_errors = await call(client, "gabysql_query", { db, sql: config.okSql });

const r = summary.resources;
r.list = (await client.listResources()).resources.map((x) => x.uri);
r.templates = (await client.listResourceTemplates()).resourceTemplates.map((x) => x.uriTemplate);
r.catalog = await attempt(async () => (await client.readResource({ uri: "gabysql://catalog" })).contents[0]);
r.schema = await attempt(async () => {
  const x = (await client.readResource({ uri: `gabysql://schema/${db}` })).contents[0];
  return { mimeType: x.mimeType, chars: x.text.length, parses: !!JSON.parse(x.text) };
});
r.diagram = await attempt(async () => (await client.readResource({ uri: `gabysql://schema/${db}/diagram` })).contents[0]);
r.unknown = await attempt(async () => (await client.readResource({ uri: "gabysql://schema/no_such_db" })).contents[0]);

const p = summary.prompts;
p.list = (await client.listPrompts()).prompts.map((x) => x.name);
p.explore = await attempt(async () => (await client.getPrompt({ name: "explore_database", arguments: { db } }))
  .messages[0].content.text);
p.complete = await attempt(async () => (await client.complete({ ref: { type: "ref/resource",
  uri: "gabysql://schema/{db}" }, argument: { name: "db", value: db.slice(0, 2) } })).completion.values);

if (config.slowSql) {
  const progress = [];
  const t0 = Date.now();
  c.progress = await call(client, "gabysql_query", { db, sql: config.progressSql }, {
    onprogress: (n) => progress.push(n.progress), timeout: 60000 });
  c.progress.notifications = progress.length;
  c.progress.ms = Date.now() - t0;
  const controller = new AbortController();
  const t1 = Date.now();
  setTimeout(() => controller.abort("the user changed their mind"), 1500);
  c.cancelled = await call(client, "gabysql_query", { db, sql: config.slowSql }, { signal: controller.signal });
  c.cancelled.ms = Date.now() - t1;
  await new Promise((res) => setTimeout(res, 500));
  c.after_cancel = await call(client, "gabysql_query", { db, sql: config.okSql });
}

const closing = Date.now();
await client.close();
summary.closeMs = Date.now() - closing;
summary.stderrTail = stderr.slice(-2000);
process.stdout.write(JSON.stringify(summary) + "\n");
