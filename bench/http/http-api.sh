#!/usr/bin/env bash
# Throughput and latency of `POST /sql` (1-row read, PostgreSQL) next to `pgbench -S` on the same database.
# Loopback only, bounded duration. Needs: the packaged jar (mvn -B package), a local PostgreSQL with trust auth
# for $PGUSER on 127.0.0.1, pgbench, wrk (apt-get install -y wrk). Figures: docs/performance.md.
#
#   bench/http/http-api.sh [SECONDS] [CONNECTIONS]
#
# Ends in two lines `RESULT pgbench-<N> tps=<…>` and `RESULT sql-<N> rps=<…> p50_ms=<…> p99_ms=<…>` (bench/run
# reads them).
set -euo pipefail
cd "$(dirname "$0")/../.."

SECONDS_PER_RUN=${1:-20}
CONNS=${2:-8}
THREADS=$(( CONNS < 2 ? CONNS : 2 ))
PORT=${PORT:-7879}
PGUSER=${PGUSER:-postgres}
DB=gaby_httpbench
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

echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== pgbench -S -c $CONNS -j $THREADS -T $SECONDS_PER_RUN (the physical ceiling: one SELECT per transaction)"
pgbench -h 127.0.0.1 -U "$PGUSER" -S -n -c "$CONNS" -j "$THREADS" -T "$SECONDS_PER_RUN" "$DB" >"$WORK/pgbench.out" 2>&1
grep -E 'latency average|tps' "$WORK/pgbench.out"

java -jar "$JAR" serve --db "bench=jdbc:postgresql://127.0.0.1:5432/$DB?user=$PGUSER" --port "$PORT" \
  --audit-log "${AUDIT_LOG:-none}" 2>"$WORK/serve.log" &
SERVER_PID=$!
until curl -sf "http://127.0.0.1:$PORT/health" >/dev/null; do sleep 0.2; done

cat > "$WORK/post.lua" <<'LUA'
-- one random account per request, as pgbench -S does
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  local aid = math.random(1, 100000)
  return wrk.format(nil, "/sql", nil,
    '{"db":"bench","sql":"SELECT abalance FROM pgbench_accounts WHERE aid = ' .. aid .. '"}')
end
LUA
echo "== warm-up (JIT, pool): wrk 30 s"
wrk -t"$THREADS" -c"$CONNS" -d30s -s "$WORK/post.lua" "http://127.0.0.1:$PORT/sql" >/dev/null
echo "== wrk -t2 -c$CONNS -d${SECONDS_PER_RUN}s --latency POST /sql (audit log: ${AUDIT_LOG:-none})"
wrk -t"$THREADS" -c"$CONNS" -d"${SECONDS_PER_RUN}s" --latency -s "$WORK/post.lua" "http://127.0.0.1:$PORT/sql" \
  >"$WORK/wrk.out"
grep -E 'Latency|50%|90%|99%|Requests/sec|Non-2xx|Socket errors' "$WORK/wrk.out" || true
awk -v n="$CONNS" '$1 == "tps" { printf "RESULT pgbench-%s tps=%.0f\n", n, $3 }' "$WORK/pgbench.out"
awk -v n="$CONNS" '
  function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
  $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } $1 == "Requests/sec:" { rps = $2 }
  END { printf "RESULT sql-%s rps=%.0f p50_ms=%.2f p99_ms=%.2f\n", n, rps, p50, p99 }' "$WORK/wrk.out"
