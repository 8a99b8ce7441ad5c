#!/bin/sh
# Two `gabysql serve` replicas sharing one state database (docs/deploy.md#shared-state-for-replicas), end to end over
# HTTP: a token previewed on A commits on B, a replay is refused, A and B racing with one token commit once, a write
# waiting for a person is approved on B after it was asked on A, a missing confirm key stops the start, and the state
# database down refuses writes but not reads. Every claim is checked in the databases with psql.
#
#   mvn -B -q package -pl gabysql-cli -am -DskipTests && bench/scripts/shared-state-replicas.sh
#
# Environment: PG (a libpq URL of a PostgreSQL superuser, default postgresql://postgres@127.0.0.1:5432/postgres),
# JDBC_HOST (host:port of the same server as JDBC sees it, default 127.0.0.1:5432), ROUNDS (races, default 20),
# PORT_A and PORT_B (default 17871 and 17872). Needs java, psql, curl and jq. Prints one line per check; exits 1 on
# the first that fails.
set -eu

ROOT=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
JAR="$ROOT/gabysql-cli/target/gabysql.jar"
PG=${PG:-postgresql://postgres@127.0.0.1:5432/postgres}
JDBC_HOST=${JDBC_HOST:-127.0.0.1:5432}
ROUNDS=${ROUNDS:-20}
PORT_A=${PORT_A:-17871}
PORT_B=${PORT_B:-17872}
SUFFIX=$(date +%s)$$
STATE_DB=gaby_state_$SUFFIX
SHOP_DB=gaby_shop_$SUFFIX
WORK=$(mktemp -d)
PIDS=""

cleanup() {
  for p in $PIDS; do kill "$p" 2>/dev/null || true; done
  for p in $PIDS; do wait "$p" 2>/dev/null || true; done
  psql -q "$PG" -c "DROP DATABASE IF EXISTS $STATE_DB WITH (FORCE)" -c "DROP DATABASE IF EXISTS $SHOP_DB WITH (FORCE)" \
    >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { echo "ok   $*"; }
shop() { psql -qtA "${PG%/*}/$SHOP_DB" -c "$1"; }
state() { psql -qtA "${PG%/*}/$STATE_DB" -c "$1"; }

[ -f "$JAR" ] || fail "no $JAR: build it first (mvn -B -q package -pl gabysql-cli -am -DskipTests)"
psql -q "$PG" -c "CREATE DATABASE $STATE_DB" -c "CREATE DATABASE $SHOP_DB" >/dev/null
shop "CREATE TABLE items (id int PRIMARY KEY, qty int NOT NULL);
      INSERT INTO items SELECT i, 0 FROM generate_series(1, 10) i" >/dev/null

ROBOT=robot-token-$(openssl rand -hex 16)    # approval agent: its confirm token commits
AGENT=agent-token-$(openssl rand -hex 16)    # approval human: its writes wait for a person
ALICE=alice-token-$(openssl rand -hex 16)    # an approver
cat >"$WORK/gabysql.toml" <<EOF
[server]
mode = "readwrite"
approval = "human"
audit_log = "none"

[[databases]]
name = "shop"
url = "jdbc:postgresql://$JDBC_HOST/$SHOP_DB?user=postgres"

[[tokens]]
name = "robot"
secret = "$ROBOT"
approval = "agent"

[[tokens]]
name = "agent"
secret = "$AGENT"

[[tokens]]
name = "alice"
secret = "$ALICE"
role = "approver"
EOF
export GABYSQL_STATE="jdbc:postgresql://$JDBC_HOST/$STATE_DB?user=postgres&password=not-shown-anywhere"
export GABYSQL_CONFIRM_KEY=$(openssl rand -hex 32)

# The missing key first: with --state and no confirm key, serve must not start.
if env -u GABYSQL_CONFIRM_KEY java -jar "$JAR" serve --config "$WORK/gabysql.toml" --port "$PORT_A" --no-console \
  2>"$WORK/nokey.err"; then
  fail "serve started with --state and no confirm key"
else
  code=$?
fi
[ "$code" = 2 ] && grep -q CONFIG_INVALID "$WORK/nokey.err" && grep -q "password=\*\*\*" "$WORK/nokey.err" \
  && ! grep -q not-shown-anywhere "$WORK/nokey.err" || fail "no confirm key: exit $code, $(cat "$WORK/nokey.err")"
ok "--state without a confirm key: exit 2, CONFIG_INVALID, password masked"

for port in $PORT_A $PORT_B; do
  java -jar "$JAR" serve --config "$WORK/gabysql.toml" --port "$port" --no-console 2>"$WORK/serve-$port.err" &
  PIDS="$PIDS $!"
done
for port in $PORT_A $PORT_B; do
  i=0
  until curl -sf "http://127.0.0.1:$port/health" >/dev/null; do
    i=$((i + 1)); [ $i -lt 300 ] || fail "replica on $port did not start: $(cat "$WORK/serve-$port.err")"; sleep 0.1
  done
done
ok "two replicas up on $PORT_A and $PORT_B"

# sql PORT TOKEN JSON -> the answer's body, and its HTTP status in $WORK/status
sql() {
  curl -s -o "$WORK/body" -w '%{http_code}' "http://127.0.0.1:$1/sql" -H "Authorization: Bearer $2" \
    -H 'Content-Type: application/json' -d "$3" >"$WORK/status"
  cat "$WORK/body"
}
UPDATE='UPDATE items SET qty = qty + 1 WHERE id = 1'

token=$(sql "$PORT_A" "$ROBOT" "{\"db\":\"shop\",\"sql\":\"$UPDATE\",\"execute\":true}" | jq -r .confirm_token)
[ "$(sql "$PORT_B" "$ROBOT" "{\"db\":\"shop\",\"sql\":\"$UPDATE\",\"confirm_token\":\"$token\"}" | jq -r .status)" \
  = committed ] || fail "confirm on B: $(cat "$WORK/body")"
[ "$(shop 'SELECT qty FROM items WHERE id = 1')" = 1 ] || fail "after the confirm on B"
ok "a token previewed on A commits on B"

sql "$PORT_A" "$ROBOT" "{\"db\":\"shop\",\"sql\":\"$UPDATE\",\"confirm_token\":\"$token\"}" >/dev/null
[ "$(cat "$WORK/status")" = 403 ] && [ "$(jq -r .error.code "$WORK/body")" = CONFIRM_TOKEN_INVALID ] \
  || fail "replay on A: $(cat "$WORK/status") $(cat "$WORK/body")"
[ "$(shop 'SELECT qty FROM items WHERE id = 1')" = 1 ] || fail "the replay changed the row"
ok "its replay on A is refused (403 CONFIRM_TOKEN_INVALID); the row changed once"

RACE='UPDATE items SET qty = qty + 1 WHERE id = 2'
won=0
n=0
while [ $n -lt "$ROUNDS" ]; do
  token=$(sql "$PORT_A" "$ROBOT" "{\"db\":\"shop\",\"sql\":\"$RACE\",\"execute\":true}" | jq -r .confirm_token)
  body="{\"db\":\"shop\",\"sql\":\"$RACE\",\"confirm_token\":\"$token\"}"
  racers=""
  for port in $PORT_A $PORT_B; do
    curl -s "http://127.0.0.1:$port/sql" -H "Authorization: Bearer $ROBOT" -H 'Content-Type: application/json' \
      -d "$body" >"$WORK/race-$port" &
    racers="$racers $!"
  done
  for p in $racers; do wait "$p"; done
  committed=$(cat "$WORK/race-$PORT_A" "$WORK/race-$PORT_B" | jq -s '[.[] | select(.status == "committed")] | length')
  refused=$(cat "$WORK/race-$PORT_A" "$WORK/race-$PORT_B" \
    | jq -s '[.[] | select(.error.code == "CONFIRM_TOKEN_INVALID")] | length')
  [ "$committed" = 1 ] && [ "$refused" = 1 ] || fail "race $n: $(cat "$WORK/race-$PORT_A" "$WORK/race-$PORT_B")"
  won=$((won + committed))
  rm -f "$WORK/race-$PORT_A" "$WORK/race-$PORT_B"
  n=$((n + 1))
done
[ "$(shop 'SELECT qty FROM items WHERE id = 2')" = "$ROUNDS" ] || fail "after the races: qty $(shop 'SELECT qty FROM items WHERE id = 2')"
ok "$ROUNDS races of A and B with one token each: $won commits, $ROUNDS refusals, qty = $ROUNDS in the database"

HUMAN='UPDATE items SET qty = qty + 100 WHERE id = 3'
id=$(sql "$PORT_A" "$AGENT" "{\"db\":\"shop\",\"sql\":\"$HUMAN\",\"execute\":true}" | jq -r .approval_id)
[ "$(jq -r .status "$WORK/body")" = awaiting_approval ] || fail "ask on A: $(cat "$WORK/body")"
curl -s "http://127.0.0.1:$PORT_B/approvals" -H "Authorization: Bearer $ALICE" | jq -e --arg id "$id" \
  '[.approvals[].id] | index($id) != null' >/dev/null || fail "B does not list $id"
decided=$(curl -s "http://127.0.0.1:$PORT_B/approvals/$id" -H "Authorization: Bearer $ALICE" \
  -H 'Content-Type: application/json' -d '{"decision":"approve"}' | jq -r .state)
[ "$decided" = committed ] || fail "approve on B: $decided"
again=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT_A/approvals/$id" \
  -H "Authorization: Bearer $ALICE" -H 'Content-Type: application/json' -d '{"decision":"approve"}')
[ "$again" = 409 ] || fail "approve again on A: $again"
[ "$(sql "$PORT_A" "$AGENT" "{\"db\":\"shop\",\"approval_id\":\"$id\"}" | jq -r .status)" = committed ] \
  || fail "status on A: $(cat "$WORK/body")"
[ "$(shop 'SELECT qty FROM items WHERE id = 3')" = 100 ] || fail "after the approval"
ok "a write asked on A is listed and approved on B, committed once; approving again on A is 409; A reports committed"

token=$(sql "$PORT_A" "$ROBOT" "{\"db\":\"shop\",\"sql\":\"$UPDATE\",\"execute\":true}" | jq -r .confirm_token)
psql -q "$PG" -c "ALTER DATABASE $STATE_DB ALLOW_CONNECTIONS false" \
  -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '$STATE_DB'" >/dev/null
start=$(date +%s%N)
sql "$PORT_B" "$ROBOT" "{\"db\":\"shop\",\"sql\":\"$UPDATE\",\"confirm_token\":\"$token\"}" >/dev/null
ms=$((($(date +%s%N) - start) / 1000000))
[ "$(cat "$WORK/status")" = 503 ] && [ "$(jq -r .error.code "$WORK/body")" = STATE_UNAVAILABLE ] \
  && ! grep -q not-shown-anywhere "$WORK/body" || fail "confirm with the state down: $(cat "$WORK/body")"
[ "$(sql "$PORT_B" "$ROBOT" '{"db":"shop","sql":"SELECT qty FROM items WHERE id = 1"}' | jq -r '.rows[0][0]')" = 1 ] \
  || fail "read with the state down: $(cat "$WORK/body")"
ok "state database down: the confirm is 503 STATE_UNAVAILABLE after $ms ms (password masked); a read answers"
psql -q "$PG" -c "ALTER DATABASE $STATE_DB ALLOW_CONNECTIONS true" >/dev/null
[ "$(sql "$PORT_B" "$ROBOT" "{\"db\":\"shop\",\"sql\":\"$UPDATE\",\"confirm_token\":\"$token\"}" | jq -r .status)" \
  = committed ] || fail "confirm after the state is back: $(cat "$WORK/body")"
[ "$(shop 'SELECT qty FROM items WHERE id = 1')" = 2 ] || fail "after the state came back"
ok "state database back: the same token commits on B, without a restart"

grep -l not-shown-anywhere "$WORK"/serve-*.err >/dev/null && fail "a replica printed the state password"
ok "no replica printed the state database's password; state rows: $(state 'SELECT count(*) FROM gabysql_state.redeemed_tokens') redeemed tokens, $(state 'SELECT count(*) FROM gabysql_state.pending_writes') pending writes"
