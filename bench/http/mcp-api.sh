#!/usr/bin/env bash
# Throughput and latency of MCP `tools/call` (gabysql_query, a 1-row read, PostgreSQL) over Streamable HTTP at
# /mcp of `gabysql serve`, one MCP session per connection, next to `POST /sql` with the same read and connections.
# Loopback only, bounded duration. Needs: the packaged jar (mvn -B package), a local PostgreSQL with trust auth for
# $PGUSER on 127.0.0.1, pgbench (for its sample table), wrk, curl. Figures: docs/performance.md.
#
#   bench/http/mcp-api.sh [SECONDS] [SESSIONS]
#
# Each result ends in a line `RESULT <what> rps=<requests/s> p50_ms=<…> p99_ms=<…>` (bench/run reads them).
set -euo pipefail
cd "$(dirname "$0")/../.."

SECONDS_PER_RUN=${1:-20}
SESSIONS=${2:-8}
PORT=${PORT:-7882}
PGUSER=${PGUSER:-postgres}
DB=gaby_mcpbench
JAR=gabysql-cli/target/gabysql.jar
WORK=$(mktemp -d)
SERVER_PID=
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  psql -h 127.0.0.1 -U "$PGUSER" -qc "DROP DATABASE IF EXISTS $DB" postgres 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

psql -h 127.0.0.1 -U "$PGUSER" -qc "DROP DATABASE IF EXISTS $DB" postgres 2>/dev/null
psql -h 127.0.0.1 -U "$PGUSER" -qc "CREATE DATABASE $DB" postgres
pgbench -h 127.0.0.1 -U "$PGUSER" -i -s 1 -q "$DB" >/dev/null 2>&1

java -jar "$JAR" serve --db "bench=jdbc:postgresql://127.0.0.1:5432/$DB?user=$PGUSER" --port "$PORT" \
  --audit-log "${AUDIT_LOG:-none}" --mcp-max-sessions $((SESSIONS + 8)) 2>"$WORK/serve.log" &
SERVER_PID=$!
until curl -sf "http://127.0.0.1:$PORT/health" >/dev/null; do sleep 0.2; done

# one initialized MCP session per wrk connection (wrk runs one connection per thread here)
mcp() { curl -s -X POST "http://127.0.0.1:$PORT/mcp" -H 'Content-Type: application/json' \
  -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2025-06-18' "$@"; }
{
  echo "sessions = {"
  for _ in $(seq 1 "$SESSIONS"); do
    sid=$(mcp -D - -o /dev/null -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"mcp-api.sh","version":"1"}}}' \
      | tr -d '\r' | awk -F': ' 'tolower($1) == "mcp-session-id" {print $2}')
    mcp -H "Mcp-Session-Id: $sid" -o /dev/null -d '{"jsonrpc":"2.0","method":"notifications/initialized"}'
    echo "  \"$sid\","
  done
  echo "}"
} >"$WORK/sessions.lua"

cat "$WORK/sessions.lua" - > "$WORK/call.lua" <<'LUA'
local next_session = 1
function setup(thread)
  thread:set("sid", sessions[next_session])
  next_session = next_session + 1
end
function init(args)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Accept"] = "application/json, text/event-stream"
  wrk.headers["MCP-Protocol-Version"] = "2025-06-18"
  wrk.headers["Mcp-Session-Id"] = sid
end
local id = 0
function request()
  id = id + 1
  local aid = math.random(1, 100000)
  return wrk.format(nil, "/mcp", nil,
    '{"jsonrpc":"2.0","id":' .. id .. ',"method":"tools/call","params":{"name":"gabysql_query","arguments":'
      .. '{"db":"bench","sql":"SELECT abalance FROM pgbench_accounts WHERE aid = ' .. aid .. '"}}}')
end
LUA

cat > "$WORK/post.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  local aid = math.random(1, 100000)
  return wrk.format(nil, "/sql", nil,
    '{"db":"bench","sql":"SELECT abalance FROM pgbench_accounts WHERE aid = ' .. aid .. '"}')
end
LUA

# wrk's latency lines in ms, and a RESULT line
summarize() {
  local what=$1 out=$2
  grep -E 'Latency|50%|99%|Requests/sec|Non-2xx|Socket errors' "$out" || true
  awk -v what="$what" '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } $1 == "Requests/sec:" { rps = $2 }
    END { printf "RESULT %s rps=%.0f p50_ms=%.2f p99_ms=%.2f\n", what, rps, p50, p99 }' "$out"
}

echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== warm-up (JIT, pool): 20 s of each"
wrk -t"$SESSIONS" -c"$SESSIONS" -d20s -s "$WORK/call.lua" "http://127.0.0.1:$PORT/mcp" >/dev/null
wrk -t"$(( SESSIONS < 2 ? SESSIONS : 2 ))" -c"$SESSIONS" -d20s -s "$WORK/post.lua" "http://127.0.0.1:$PORT/sql" >/dev/null
echo "== MCP tools/call over /mcp: $SESSIONS sessions, ${SECONDS_PER_RUN}s (audit log: ${AUDIT_LOG:-none})"
wrk -t"$SESSIONS" -c"$SESSIONS" -d"${SECONDS_PER_RUN}s" --latency -s "$WORK/call.lua" "http://127.0.0.1:$PORT/mcp" \
  >"$WORK/mcp.out"
summarize "mcp-$SESSIONS" "$WORK/mcp.out"
echo "== POST /sql: $SESSIONS connections, ${SECONDS_PER_RUN}s"
wrk -t"$(( SESSIONS < 2 ? SESSIONS : 2 ))" -c"$SESSIONS" -d"${SECONDS_PER_RUN}s" --latency -s "$WORK/post.lua" "http://127.0.0.1:$PORT/sql" \
  >"$WORK/sql.out"
summarize "sql-$SESSIONS" "$WORK/sql.out"
