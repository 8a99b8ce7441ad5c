#!/usr/bin/env bash
# Two `gabysql serve --mcp-stateless` replicas behind HAProxy (round robin, health checks on GET /health), sharing a
# state database, in front of the local PostgreSQL (docs/performance.md#two-replicas-behind-haproxy,
# docs/deploy.md#load-balancer-haproxy):
#   1. 1-row POST /sql at CONNS clients with wrk: one replica directly, then both through HAProxy, with the CPU each
#      process used (cpu-share.py);
#   2. each replica's RSS over TOTAL requests through HAProxy (sampled every 2 s);
#   3. committed writes with unique keys through HAProxy while one replica is killed (lb-writes.py), then, in the
#      database: every acknowledged write there once, none twice, and the survivor still serving.
#
#   bench/scenarios/haproxy.sh [SECONDS] [CONNS] [TOTAL]      # defaults 20 s, 32 clients, 200000 requests
#
# Needs: the packaged jar (mvn -B -q -pl gabysql-cli -am package -DskipTests), the local PostgreSQL with trust auth
# for postgres on 127.0.0.1, psql, wrk, haproxy (apt-get install -y wrk haproxy), curl, python3. Loopback only, free
# ports. Ends in RESULT lines and `RESULT ok` or `RESULT FAILED`.
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/scenarios/lib.sh

SECONDS_PER_RUN=${1:-20}
CONNS=${2:-32}
TOTAL=${3:-200000}
SUFFIX=$(date +%s)$$
DB=gaby_lb_$SUFFIX
STATE_DB=gaby_lb_state_$SUFFIX
WORK=$(mktemp -d /tmp/gabysql-lb.XXXXXX)
FAILED=0
psql_db() { psql -h 127.0.0.1 -U postgres -qtA -d "$1" -c "$2"; }
cleanup() {
  stop_all
  psql -h 127.0.0.1 -U postgres -q -d postgres -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" \
    -c "DROP DATABASE IF EXISTS $STATE_DB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
[ -f "$JAR" ] || { echo "no $JAR: mvn -B -q -pl gabysql-cli -am package -DskipTests" >&2; exit 2; }

psql -h 127.0.0.1 -U postgres -q -d postgres -c "CREATE DATABASE $DB" -c "CREATE DATABASE $STATE_DB"
psql_db "$DB" "CREATE TABLE kv (id int PRIMARY KEY, v int NOT NULL);
  INSERT INTO kv SELECT i, i FROM generate_series(1, 100000) i;
  CREATE TABLE lb_writes (k text NOT NULL, at timestamptz NOT NULL DEFAULT now());  -- no unique key: a double commit shows" >/dev/null

PORT_A=$(free_port); PORT_B=$(free_port); PORT_LB=$(free_port)
export GABYSQL_CONFIRM_KEY=$(head -c 32 /dev/urandom | base64)
REPLICA_ARGS=(--mcp-stateless --mode readwrite --approval agent
  --state "jdbc:postgresql://127.0.0.1:5432/$STATE_DB?user=postgres"
  --db "lb=jdbc:postgresql://127.0.0.1:5432/$DB?user=postgres")
serve_replica "$WORK/a.log" "$PORT_A" "${REPLICA_ARGS[@]}"; PID_A=$LAST_PID
serve_replica "$WORK/b.log" "$PORT_B" "${REPLICA_ARGS[@]}"; PID_B=$LAST_PID

cat >"$WORK/haproxy.cfg" <<CFG
global
  maxconn 1024
defaults
  mode http
  timeout connect 5s
  timeout client 150s
  timeout server 150s
  retries 2
  option redispatch
frontend sql
  bind 127.0.0.1:$PORT_LB
  default_backend gabysql
backend gabysql
  balance roundrobin
  option httpchk
  # HTTP/1.1 with a Host header: gabysql refuses a request without one (403), which would mark every server DOWN
  http-check send meth GET uri /health ver HTTP/1.1 hdr Host 127.0.0.1
  server a 127.0.0.1:$PORT_A check inter 1s fall 2 rise 2
  server b 127.0.0.1:$PORT_B check inter 1s fall 2 rise 2
CFG
start_bg "$WORK/haproxy.log" haproxy -f "$WORK/haproxy.cfg" -db; PID_LB=$LAST_PID
wait_until 10 curl -sf "http://127.0.0.1:$PORT_LB/health"

cat >"$WORK/post.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  return wrk.format(nil, "/sql", nil,
    '{"db":"lb","sql":"SELECT v FROM kv WHERE id = ' .. math.random(1, 100000) .. '"}')
end
LUA
say "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(haproxy -v | head -1); replicas on $PORT_A and $PORT_B, HAProxy on $PORT_LB"

# run_wrk NAME PORT SECONDS: wrk at CONNS clients with the CPU of every process measured around it
run_wrk() {
  wrk -t2 -c"$CONNS" -d"${3}s" --latency -s "$WORK/post.lua" "http://127.0.0.1:$2/sql" >"$WORK/$1.wrk" &
  local wrk_pid=$!
  sleep 0.3  # the first 0.3 s (connecting) is not measured
  python3 bench/scenarios/cpu-share.py start "$WORK/$1.cpu" "wrk=$wrk_pid" "replica-a=$PID_A" "replica-b=$PID_B" \
    "haproxy=$PID_LB" postgres=uid:postgres
  sleep $(( $3 - 1 ))  # measured until 0.7 s before wrk ends: a process that has ended has no CPU times to read
  python3 bench/scenarios/cpu-share.py stop "$WORK/$1.cpu" >"$WORK/$1.share"
  wait "$wrk_pid"
  grep -E 'Requests/sec|99%|Non-2xx|Socket errors' "$WORK/$1.wrk" | sed 's/^/  /' || true
  sed 's/^/  /' "$WORK/$1.share"
}
rps() { awk '$1 == "Requests/sec:" { printf "%.0f", $2 }' "$WORK/$1.wrk"; }
p99() { awk 'function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
  $1 == "99%" { printf "%.2f", ms($2) }' "$WORK/$1.wrk"; }
non2xx() { awk '/Non-2xx/ { n = $NF } END { print n + 0 }' "$WORK/$1.wrk"; }

say "warm-up: wrk 15 s through HAProxy (both JVMs' JIT and pools), not counted"
wrk -t2 -c"$CONNS" -d15s -s "$WORK/post.lua" "http://127.0.0.1:$PORT_LB/sql" >/dev/null
say "one replica directly: wrk -t2 -c$CONNS -d${SECONDS_PER_RUN}s POST /sql (1 row)"
run_wrk one "$PORT_A" "$SECONDS_PER_RUN"
say "two replicas through HAProxy: the same"
run_wrk two "$PORT_LB" "$SECONDS_PER_RUN"
ONE=$(rps one); TWO=$(rps two)
echo "RESULT one-replica rps=$ONE p99_ms=$(p99 one) non2xx=$(non2xx one)"
echo "RESULT two-replicas rps=$TWO p99_ms=$(p99 two) non2xx=$(non2xx two) ratio=$(python3 -c "print(round($TWO / $ONE, 2))")"

say "memory: $TOTAL requests through HAProxy (about $((TOTAL / 2)) per replica), RSS of each replica every 2 s"
MEM_SECONDS=$(( TOTAL / (TWO > 0 ? TWO : 1) + 2 ))
( while kill -0 "$PID_A" 2>/dev/null; do
    echo "$(date +%s) $(awk '/VmRSS/ { print $2 }' /proc/$PID_A/status) $(awk '/VmRSS/ { print $2 }' /proc/$PID_B/status)"
    sleep 2
  done ) >"$WORK/rss.txt" 2>/dev/null &
SAMPLER=$!
wrk -t2 -c"$CONNS" -d"${MEM_SECONDS}s" -s "$WORK/post.lua" "http://127.0.0.1:$PORT_LB/sql" >"$WORK/mem.wrk"
kill "$SAMPLER" 2>/dev/null || true; wait "$SAMPLER" 2>/dev/null || true
SERVED=$(awk '/requests in/ { print $1 }' "$WORK/mem.wrk")
python3 - "$WORK/rss.txt" "$SERVED" "$MEM_SECONDS" <<'PY'
import sys
rows = [list(map(int, l.split())) for l in open(sys.argv[1]) if len(l.split()) == 3]
served, seconds = int(sys.argv[2]), int(sys.argv[3])
t0 = rows[0][0]
print(f"  {served} requests in {seconds} s; RSS MiB (replica a / b) at each fifth of the run:")
for i in range(0, 6):
    r = rows[min(len(rows) - 1, i * (len(rows) - 1) // 5)]
    print(f"  t={r[0] - t0:>3} s  ~{served * (r[0] - t0) // max(1, seconds):>7} requests  a {r[1] / 1024:6.1f}  b {r[2] / 1024:6.1f}")
for col, name in ((1, "a"), (2, "b")):
    first, last, top = rows[0][col] / 1024, rows[-1][col] / 1024, max(r[col] for r in rows) / 1024
    print(f"RESULT rss-{name} first_mib={first:.1f} last_mib={last:.1f} max_mib={top:.1f} growth_mib={last - first:.1f}")
PY

say "writes through HAProxy (4 writers, preview then confirm, 12 s); replica b killed (SIGKILL) at 4 s"
python3 bench/scenarios/lb-writes.py "http://127.0.0.1:$PORT_LB" lb lb_writes 12 4 "$WORK/acked.txt" >"$WORK/writes.json" &
WRITERS=$!
sleep 4
kill -KILL "$PID_B"
echo "  killed replica b at $(date +%T)"
wait "$WRITERS"
echo "  outcomes: $(cat "$WORK/writes.json")"
ACKED=$(grep -v '^?' "$WORK/acked.txt" | grep -c . || true)
{ grep -v '^?' "$WORK/acked.txt" | grep . || echo 'none'; } | sed "s/.*/('&')/" | paste -sd, >"$WORK/acked.values"
MISSING=$(psql_db "$DB" "SELECT count(*) FROM (VALUES $(cat "$WORK/acked.values")) a(k) WHERE NOT EXISTS (SELECT 1 FROM lb_writes w WHERE w.k = a.k)")
TWICE=$(psql_db "$DB" "SELECT count(*) FROM (SELECT k FROM lb_writes GROUP BY k HAVING count(*) > 1) d")
ROWS=$(psql_db "$DB" "SELECT count(*) FROM lb_writes")
DOUBT=$(grep -c '^?' "$WORK/acked.txt" || true)
echo "RESULT writes acknowledged=$ACKED rows=$ROWS in_doubt=$DOUBT acknowledged_missing=$MISSING committed_twice=$TWICE"
[ "$MISSING" = 0 ] && ok "every acknowledged write is in the database" || fail "$MISSING acknowledged writes missing"
[ "$TWICE" = 0 ] && ok "no write committed twice" || fail "$TWICE writes committed twice"
AFTER=$(post_sql "$PORT_LB" '{"db":"lb","sql":"SELECT count(*) AS n FROM lb_writes"}')
case "$AFTER" in *"HTTP 200") ok "the survivor answers through HAProxy: ${AFTER:0:90}";; *) fail "no answer after the kill: $AFTER";; esac
grep -E 'is DOWN|is UP' "$WORK/haproxy.log" | sed 's/^/  haproxy: /' | tail -3 || true

if [ "$FAILED" = 0 ]; then echo "RESULT ok"; else echo "RESULT FAILED"; exit 1; fi
