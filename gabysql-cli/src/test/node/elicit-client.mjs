// Drives `gabysql mcp` over stdio with the official MCP TypeScript SDK client, once per session of the config,
// some with an elicitation handler (the person in front of the client), and prints one JSON summary on stdout for
// McpApprovalIT to assert on. Usage: node elicit-client.mjs CONFIG.json
//   CONFIG: {"command": "java", "args": [...], "db": "shop", "sql": "DELETE … WHERE …",
//            "sessions": [{"name": "accept", "elicit": "accept" | "reject" | "decline" | "cancel" | null}]}
// Every JSON-RPC message of a session is kept in its transcript (docs/clients.md shows one).
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const summary = { sessions: {} };

function structured(result) {
  return { isError: result.isError === true, ...(result.structuredContent || {}) };
}

async function session(s) {
  const transcript = [];
  const transport = new StdioClientTransport({ command: config.command, args: config.args, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (d) => { stderr += d.toString(); });
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    transcript.push({ from: "client", message });
    return send(message, options);
  };
  let onmessage;
  Object.defineProperty(transport, "onmessage", {
    get() {
      return onmessage && ((message, extra) => {
        transcript.push({ from: "server", message });
        onmessage(message, extra);
      });
    },
    set(f) { onmessage = f; },
  });
  const capabilities = s.elicit ? { elicitation: {} } : {};
  const client = new Client({ name: "gabysql-elicit-it", version: "1.0.0" }, { capabilities });
  const asked = [];
  if (s.elicit) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params);
      if (s.elicit === "accept") return { action: "accept", content: { decision: "approve" } };
      if (s.elicit === "reject") return { action: "accept", content: { decision: "reject" } };
      return { action: s.elicit };
    });
  }
  const out = { asked };
  try {
    await client.connect(transport);
    await client.listTools(); // the client validates structuredContent against the output schemas from here on
    out.databases = structured(await client.callTool({ name: "gabysql_list_databases", arguments: {} }));
    const write = await client.callTool({ name: "gabysql_execute", arguments: { db: config.db, sql: config.sql } });
    out.write = structured(write);
    out.writeText = (write.content || []).map((c) => c.text).join("\n");
    if (out.write.approval_id) {
      out.status = structured(await client.callTool({ name: "gabysql_execute",
        arguments: { db: config.db, approval_id: out.write.approval_id } }));
    }
  } catch (e) {
    out.threw = String(e && e.message ? e.message : e);
  }
  await client.close();
  out.transcript = transcript;
  out.stderrTail = stderr.slice(-1500);
  return out;
}

for (const s of config.sessions) {
  summary.sessions[s.name] = await session(s);
}
process.stdout.write(JSON.stringify(summary) + "\n");
