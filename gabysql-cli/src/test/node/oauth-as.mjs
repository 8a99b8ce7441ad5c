// A tiny OAuth 2.1 authorization server for tests and the docs (docs/configuration.md#oauth), on loopback only:
// authorization server metadata (RFC 8414), a JWKS with one ES256 key made at start, and a token endpoint for the
// client_credentials grant (client_secret_basic) that issues JWT access tokens (RFC 9068) for the `resource` asked
// (RFC 8707) with the scopes asked, within the scopes the client may have. Not for production: it has one client and
// keeps nothing. Usage: node oauth-as.mjs [PORT] (0 or none: any free port); prints {"issuer": …} on stdout when
// listening, one line per request on stderr.
//   environment: OAUTH_CLIENT_ID (default gabysql-demo), OAUTH_CLIENT_SECRET (default demo-secret-0123456789),
//                OAUTH_CLIENT_SCOPES (what the client may be granted; default "gabysql:read gabysql:write")
import { createServer } from "node:http";
import { generateKeyPairSync, sign, randomUUID } from "node:crypto";

const clientId = process.env.OAUTH_CLIENT_ID || "gabysql-demo";
const clientSecret = process.env.OAUTH_CLIENT_SECRET || "demo-secret-0123456789";
const allowed = (process.env.OAUTH_CLIENT_SCOPES || "gabysql:read gabysql:write").split(/\s+/).filter(Boolean);
const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
const kid = "test-as-" + randomUUID().slice(0, 8);
const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "ES256", use: "sig" };
let issuer;

const b64url = (data) => Buffer.from(data).toString("base64url");
function jwt(claims) {
  const head = b64url(JSON.stringify({ alg: "ES256", typ: "at+jwt", kid }));
  const body = b64url(JSON.stringify(claims));
  const signature = sign("sha256", Buffer.from(`${head}.${body}`), { key: privateKey, dsaEncoding: "ieee-p1363" });
  return `${head}.${body}.${b64url(signature)}`;
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

function token(req, form, res) {
  const [user, pass] = Buffer.from((req.headers.authorization || "").replace(/^Basic /i, ""), "base64")
    .toString().split(":").map(decodeURIComponent);
  if (user !== clientId || pass !== clientSecret) {
    return send(res, 401, { error: "invalid_client" }, { "WWW-Authenticate": 'Basic realm="test-as"' });
  }
  if (form.get("grant_type") !== "client_credentials") {
    return send(res, 400, { error: "unsupported_grant_type" });
  }
  const asked = (form.get("scope") || "").split(/\s+/).filter(Boolean);
  const granted = asked.filter((s) => allowed.includes(s));
  if (asked.length && !granted.length) {
    return send(res, 400, { error: "invalid_scope", error_description: `${clientId} may have ${allowed.join(" ")}` });
  }
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: issuer, sub: clientId, client_id: clientId, iat: now, exp: now + 300, jti: randomUUID(),
    scope: granted.join(" ") };
  if (form.get("resource")) {
    claims.aud = form.get("resource");
  }
  send(res, 200, { access_token: jwt(claims), token_type: "Bearer", expires_in: 300, scope: claims.scope });
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const path = new URL(req.url, issuer).pathname;
    const form = new URLSearchParams(Buffer.concat(chunks).toString());
    process.stderr.write(`${req.method} ${path} ${form.toString()}\n`);
    if (req.method === "GET" && path === "/.well-known/oauth-authorization-server") {
      // authorization_endpoint is required of the metadata (RFC 8414); this server answers it with an error, as it
      // has no user to sign in: its one grant is client_credentials
      return send(res, 200, { issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        grant_types_supported: ["client_credentials"], token_endpoint_auth_methods_supported: ["client_secret_basic"],
        response_types_supported: ["code"], scopes_supported: allowed });
    }
    if (req.method === "GET" && path === "/jwks") {
      return send(res, 200, { keys: [jwk] });
    }
    if (req.method === "POST" && path === "/token") {
      return token(req, form, res);
    }
    if (path === "/authorize") {
      return send(res, 400, { error: "unsupported_response_type", error_description: "client_credentials only" });
    }
    send(res, 404, { error: "not_found" });
  });
});
server.listen(Number(process.argv[2] || 0), "127.0.0.1", () => {
  issuer = `http://127.0.0.1:${server.address().port}`;
  process.stdout.write(JSON.stringify({ issuer }) + "\n");
});
