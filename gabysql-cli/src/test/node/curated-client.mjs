// Drives `gabysql mcp` with curated tools only (docs/configuration.md#curated-tools) over stdio with the official MCP
// TypeScript SDK client, once per session of the config, and prints one JSON summary on stdout for CuratedToolsIT.
// Usage: node curated-client.mjs CONFIG.json
//   CONFIG: {"command": "java", "args": [...], "sessions": [{"name": "plain", "elicit": null | "accept"}]}
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const summary = { sessions: {} };

function structured(result) {
  return { isError: result.isError === true, ...(result.structuredContent || {}) };
}

async function attempt(fn) {
  try {
    return await fn();
  } catch (e) {
    return { threw: String(e && e.message ? e.message : e) };
  }
}

async function session(s) {
  const transport = new StdioClientTransport({ command: config.command, args: config.args, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (d) => { stderr += d.toString(); });
  const capabilities = s.elicit ? { elicitation: {} } : {};
  const client = new Client({ name: "gabysql-curated-it", version: "1.0.0" }, { capabilities });
  const asked = [];
  if (s.elicit) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params);
      return { action: "accept", content: { decision: "approve" } };
    });
  }
  const out = { asked };
  try {
    await client.connect(transport);
    out.instructions = client.getInstructions();
    out.tools = (await client.listTools()).tools;
    const call = (name, args) => attempt(async () => structured(await client.callTool({ name, arguments: args })));
    out.wrongType = await call("orders_of_customer", { customer_id: "1" });
    out.injection = await call("customer_named", { name: "x' OR '1'='1" });
    out.read = await call("orders_of_customer", { customer_id: 1 });
    out.freeSql = await call("gabysql_query", { db: "shop", sql: "SELECT 1" });
    out.write = await call("cancel_order", { order_id: 10 });
    await client.close();
  } catch (e) {
    out.threw = String(e && e.message ? e.message : e);
    out.stderr = stderr.slice(-2000);
  }
  summary.sessions[s.name] = out;
}

for (const s of config.sessions) {
  await session(s);
}
process.stdout.write(JSON.stringify(summary) + "\n");
