# Shell functions shared by the scenario scripts of bench/scenarios/ (sourced, not run). Loopback only.
#
#   . "$(dirname "$0")/lib.sh"
#
# Every process a script starts through start_bg is stopped by its EXIT trap (stop_all), by its own pid.

JAR=${JAR:-gabysql-cli/target/gabysql.jar}
STARTED_PIDS=()

# A free loopback TCP port (the kernel's choice, so two scripts running at once do not collide).
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# start_bg LOG CMD...: runs CMD in the background with its stdout and stderr in LOG; its pid in $LAST_PID.
start_bg() {
  local log=$1; shift
  "$@" >"$log" 2>&1 &
  LAST_PID=$!
  STARTED_PIDS+=("$LAST_PID")
}

# stop_all: SIGTERM to every process start_bg started (still running), then wait for them.
stop_all() {
  local pid
  for pid in "${STARTED_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${STARTED_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
}

# wait_until SECONDS CMD...: runs CMD every 0.2 s until it succeeds; fails after SECONDS.
wait_until() {
  local deadline=$(( $(date +%s) + $1 )); shift
  until "$@" >/dev/null 2>&1; do
    if [ "$(date +%s)" -ge "$deadline" ]; then echo "timed out waiting for: $*" >&2; return 1; fi
    sleep 0.2
  done
}

# serve_replica LOG PORT ARGS...: a `gabysql serve` on 127.0.0.1:PORT (no console, no audit log unless ARGS say),
# waited for until GET /health answers; its pid in $LAST_PID.
serve_replica() {
  local log=$1 port=$2; shift 2
  start_bg "$log" java ${SERVE_JAVA_OPTS:-} -jar "$JAR" serve --port "$port" --no-console --audit-log none "$@"
  wait_until 60 curl -sf "http://127.0.0.1:$port/health"
}

# post_sql PORT BODY [TOKEN]: POST /sql, prints the body then ` HTTP <status>`.
post_sql() {
  curl -s -w ' HTTP %{http_code}' -H 'Content-Type: application/json' ${3:+-H "Authorization: Bearer $3"} \
    "http://127.0.0.1:$1/sql" -d "$2"
  echo
}

# json_field FIELD: reads one JSON document (a post_sql line, its ` HTTP n` removed) and prints a top-level field.
json_field() {
  sed 's/ HTTP [0-9]*$//' | python3 -c 'import json, sys; v = json.load(sys.stdin).get(sys.argv[1]); print(v if isinstance(v, str) else json.dumps(v))' "$1"
}

say() { printf '== %s\n' "$*"; }
ok() { printf 'ok   %s\n' "$*"; }
fail() { printf 'FAIL %s\n' "$*"; FAILED=1; }
