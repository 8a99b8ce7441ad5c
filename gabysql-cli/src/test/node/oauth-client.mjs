// The official MCP TypeScript SDK client's OAuth flow against `gabysql serve` with [server.oauth]
// (docs/configuration.md#oauth): it connects with no token, gets 401 with the WWW-Authenticate challenge, reads the
// protected resource metadata it names, the authorization server's metadata, gets an access token (client_credentials,
// for the resource and the scope the challenge names) and goes on with it. Prints one JSON summary on stdout.
// Usage: node oauth-client.mjs CONFIG.json
//   CONFIG: {"url": "http://127.0.0.1:PORT/mcp", "issuer": "http://127.0.0.1:AS", "clientId": "…",
//            "clientSecret": "…", "scope": "gabysql:read" (the SDK's client_credentials provider asks for the scope it is
//            given, not the challenge's), "db": "shop", "okSql": "SELECT …", "writeSql": "UPDATE … WHERE …" (optional)}
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ClientCredentialsProvider } from "@modelcontextprotocol/sdk/client/auth-extensions.js";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const summary = { exchanges: [], calls: {} };

// records what went over the wire (the bodies of token requests too), not the tokens themselves
async function recording(input, init) {
  const url = input instanceof Request ? input.url : String(input);
  const response = await fetch(input, init);
  const entry = { method: (init && init.method) || "GET", url, status: response.status };
  const challenge = response.headers.get("WWW-Authenticate");
  if (challenge) {
    entry.challenge = challenge;
  }
  if (url.endsWith("/token") && init && init.body) {
    entry.form = Object.fromEntries(new URLSearchParams(String(init.body)));
  }
  summary.exchanges.push(entry);
  return response;
}

const provider = new ClientCredentialsProvider({ clientId: config.clientId, clientSecret: config.clientSecret,
  expectedIssuer: config.issuer, clientName: "gabysql-oauth-it", scope: config.scope });
const transport = new StreamableHTTPClientTransport(new URL(config.url), { authProvider: provider, fetch: recording });
const client = new Client({ name: "gabysql-oauth-it", version: "1.0.0" });

function describe(result) {
  const text = (result.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
  const s = result.structuredContent || {};
  return { isError: result.isError === true, code: s.error ? s.error.code : undefined, text: text.slice(0, 300),
    rowCount: s.row_count, status: s.status };
}

try {
  await client.connect(transport);
  summary.grantedScope = provider.tokens() && provider.tokens().scope;
  summary.tools = (await client.listTools()).tools.map((t) => t.name);
  summary.calls.query = describe(await client.callTool({ name: "gabysql_query",
    arguments: { db: config.db, sql: config.okSql } }));
  if (config.writeSql) {
    try {
      summary.calls.write = describe(await client.callTool({ name: "gabysql_execute",
        arguments: { db: config.db, sql: config.writeSql } }));
    } catch (e) { // a 403 insufficient_scope the client could not step up from
      summary.calls.write = { threw: String(e && e.message ? e.message : e) };
    }
  }
  await client.close();
} catch (e) {
  summary.error = String(e && e.message ? e.message : e);
}
process.stdout.write(JSON.stringify(summary) + "\n");
