#!/usr/bin/env bash
# gabysql in front of a three-node MariaDB Galera cluster on loopback (docs/deploy.md#galera-cluster): reads, the
# preview/confirm flow, Galera's limits in previews, a conflict between nodes, nodes killed mid-call, each outcome
# checked on the nodes with the mariadb client. Starts and stops everything itself, in a temporary directory.
#
#   bench/scenarios/galera.sh
#
# Needs: the packaged jar (mvn -B -q -pl gabysql-cli -am package -DskipTests), root (the nodes run as the OS user
# mysql), mariadb-server and galera-4 (apt-get install -y galera-4), rsync, curl, python3. Ends with `RESULT ok` or
# `RESULT FAILED`.
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/scenarios/lib.sh
. bench/scenarios/galera-nodes.sh

[ -f "$GALERA_PROVIDER" ] || { echo "no $GALERA_PROVIDER: apt-get install -y galera-4" >&2; exit 2; }
[ -f "$JAR" ] || { echo "no $JAR: mvn -B -q -pl gabysql-cli -am package -DskipTests" >&2; exit 2; }
WORK=$(mktemp -d /tmp/gabysql-galera.XXXXXX)
chmod 755 "$WORK"
FAILED=0
cleanup() { stop_all; galera_stop_all; rm -rf "$WORK"; }
trap cleanup EXIT

# check WHAT ACTUAL EXPECTED: prints ok/FAIL with both
check() { if [ "$2" = "$3" ]; then ok "$1: $2"; else fail "$1: got '$2', expected '$3'"; fi; }
cut_json() { sed -E 's/"confirm_token":"[^"]{12}[^"]*"/"confirm_token":"gct2.…"/; s/"expires_at":"[^"]*",?//' | cut -c1-${1:-400}; }

say "three Galera nodes in $WORK"
galera_create "$WORK"
galera_start 1 new
galera_start 2
galera_start 3
echo "client ports: node1 ${GALERA_PORT[1]}, node2 ${GALERA_PORT[2]}, node3 ${GALERA_PORT[3]};" \
  "cluster size $(galera_sql 1 "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'WSREP_CLUSTER_SIZE'")," \
  "$(galera_sql 1 "SELECT VERSION()"), $(galera_sql 1 "SHOW STATUS LIKE 'wsrep_provider_version'" | cut -f2)"
galera_sql 1 "CREATE DATABASE shop;
  CREATE TABLE shop.items (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(40) NOT NULL) ENGINE=InnoDB;
  INSERT INTO shop.items (name) VALUES ('first');
  CREATE TABLE shop.accounts (id INT PRIMARY KEY, balance INT NOT NULL) ENGINE=InnoDB;
  INSERT INTO shop.accounts VALUES (1, 100), (2, 200);
  CREATE TABLE shop.notes (id INT PRIMARY KEY, body TEXT) ENGINE=MyISAM;
  CREATE USER gaby@'127.0.0.1' IDENTIFIED BY 'gaby-galera-pw';
  GRANT SELECT, INSERT, UPDATE, DELETE ON shop.* TO gaby@'127.0.0.1'"

HOSTS="127.0.0.1:${GALERA_PORT[1]},127.0.0.1:${GALERA_PORT[2]},127.0.0.1:${GALERA_PORT[3]}"
CLUSTER_URL="jdbc:mariadb:sequential://$HOSTS/shop?user=gaby&password=gaby-galera-pw&transactionReplay=true"
NODE3_URL="jdbc:mariadb://127.0.0.1:${GALERA_PORT[3]}/shop?user=gaby&password=gaby-galera-pw"
PORT=$(free_port)
say "gabysql serve on $PORT: shop = the cluster (sequential: node1, then node2, then node3; the URL asks for transactionReplay=true), shop3 = node3 alone"
serve_replica "$WORK/serve.log" "$PORT" --mode readwrite --approval agent \
  --db "shop=$CLUSTER_URL" --db "shop3=$NODE3_URL"
sql() { post_sql "$PORT" "$1"; }
node_of() {
  sql "{\"db\":\"$1\",\"sql\":\"SELECT @@wsrep_node_name AS node\"}" | sed 's/ HTTP [0-9]*$//' |
    python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["rows"][0][0] if "rows" in d else d["error"]["code"] + " " + d["error"]["message"])'
}

say "reads"
R=$(sql '{"db":"shop","sql":"SELECT @@wsrep_node_name AS node, @@SESSION.wsrep_sync_wait AS sync_wait, COUNT(*) AS items FROM items"}')
echo "$R" | cut_json
check "a read through the cluster URL is answered by" "$(echo "$R" | json_field rows)" '[["node1", 1, 1]]'
SAFEGUARDS=$(curl -s "http://127.0.0.1:$PORT/databases" | python3 -c 'import json,sys; print([d.get("safeguards") for d in json.load(sys.stdin)["databases"] if d["name"] == "shop"][0])')
echo "GET /databases, shop's safeguards: $SAFEGUARDS"
case "$SAFEGUARDS" in "a Galera cluster node"*) ok "the listing says shop is a Galera node";; *) fail "the listing does not say Galera";; esac

say "preview and confirm an INSERT"
before=$(galera_sql 2 "SELECT CONCAT(AUTO_INCREMENT, ' ', CREATE_TIME) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'shop' AND TABLE_NAME = 'items'")
P=$(sql '{"db":"shop","sql":"INSERT INTO items (name) VALUES (\"second\")","execute":true}')
echo "$P" | cut_json 2000
after=$(galera_sql 2 "SELECT CONCAT(AUTO_INCREMENT, ' ', CREATE_TIME) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'shop' AND TABLE_NAME = 'items'")
check "items on node2 after the preview (count; AUTO_INCREMENT and definition time before -> after)" \
  "$(galera_sql 2 "SELECT COUNT(*) FROM shop.items"); ${before#* } -> ${after#* }" "1; ${before#* } -> ${before#* }"
TOKEN=$(echo "$P" | json_field confirm_token)
C=$(sql "{\"db\":\"shop\",\"sql\":\"INSERT INTO items (name) VALUES (\\\"second\\\")\",\"confirm_token\":\"$TOKEN\"}")
echo "$C" | cut_json
R3=$(sql '{"db":"shop3","sql":"SELECT @@wsrep_node_name, COUNT(*) FROM items WHERE name = \"second\""}')
check "right after the confirm (node1), node3 through shop3 reads" "$(echo "$R3" | json_field rows)" '[["node3", 1]]'
check "rows named second on node1, node2, node3" \
  "$(galera_sql 1 "SELECT COUNT(*) FROM shop.items WHERE name = 'second'") $(galera_sql 2 "SELECT COUNT(*) FROM shop.items WHERE name = 'second'") $(galera_sql 3 "SELECT COUNT(*) FROM shop.items WHERE name = 'second'")" "1 1 1"

say "a write to a MyISAM table (Galera replicates InnoDB only)"
M=$(sql '{"db":"shop","sql":"INSERT INTO notes VALUES (1, \"kept on one node\")","execute":true}')
echo "$M" | cut_json 900
case "$M" in *"stays on this node"*) ok "the answer says the MyISAM write would stay on one node";; *) fail "no Galera note for MyISAM";; esac
check "notes rows on node1" "$(galera_sql 1 "SELECT COUNT(*) FROM shop.notes")" "0"

say "a conflict between nodes: gabysql's UPDATE of account 1 on node1 while node2 commits an UPDATE of the same row"
U='UPDATE accounts SET balance = balance + 1 WHERE id = 1 AND SLEEP(2) = 0'
P=$(sql "{\"db\":\"shop\",\"sql\":\"$U\",\"execute\":true}")
TOKEN=$(echo "$P" | json_field confirm_token)
sql "{\"db\":\"shop\",\"sql\":\"$U\",\"confirm_token\":\"$TOKEN\"}" >"$WORK/conflict.out" &
CONFIRM=$!
# the confirm reads the rows it will change, then runs the UPDATE, which holds account 1's row lock on node1
running_update() { [ "$(galera_sql 1 "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = 'gaby' AND INFO LIKE 'UPDATE accounts%'")" = 1 ]; }
wait_until 10 running_update
galera_sql 2 "UPDATE shop.accounts SET balance = balance + 1000 WHERE id = 1"
echo "node2 committed its UPDATE of account 1 while gabysql's ran on node1"
wait "$CONFIRM" || true
cut_json 600 <"$WORK/conflict.out"
check "the confirm's answer" "$(json_field error <"$WORK/conflict.out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])')" "LOCKED"
check "account 1 on node1 and node3 (100 + node2's 1000 only)" \
  "$(galera_sql 1 "SELECT balance FROM shop.accounts WHERE id = 1") $(galera_sql 3 "SELECT balance FROM shop.accounts WHERE id = 1")" "1100 1100"

say "node1 killed (SIGKILL) during a read that runs on it"
sql '{"db":"shop","sql":"SELECT @@wsrep_node_name, SLEEP(3)"}' >"$WORK/killed-read.out" &
READ=$!
sleep 1
galera_kill 1
wait "$READ" || true
cut_json <"$WORK/killed-read.out"
check "the read cut by the kill answers" "$(json_field error <"$WORK/killed-read.out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])')" "DATABASE_UNAVAILABLE"
t0=$(date +%s%N)
check "the next read is answered by" "$(node_of shop)" "node2"
echo "  (in $(( ($(date +%s%N) - t0) / 1000000 )) ms)"
t0=$(date +%s%N)
P=$(sql '{"db":"shop","sql":"UPDATE accounts SET balance = balance + 100 WHERE id = 2 AND SLEEP(2) = 0","execute":true}')
echo "$P" | cut_json 200
echo "  the first preview after the kill took $(( ($(date +%s%N) - t0) / 1000000 )) ms (it includes the statement's SLEEP(2))"
TOKEN=$(echo "$P" | json_field confirm_token)

say "node2 killed while it runs a confirm (the UPDATE of account 2, before its COMMIT)"
sql "{\"db\":\"shop\",\"sql\":\"UPDATE accounts SET balance = balance + 100 WHERE id = 2 AND SLEEP(2) = 0\",\"confirm_token\":\"$TOKEN\"}" >"$WORK/killed-confirm.out" &
CONFIRM=$!
sleep 1
galera_kill 2
wait "$CONFIRM" || true
cut_json <"$WORK/killed-confirm.out"
check "the confirm cut by the kill answers" "$(json_field error <"$WORK/killed-confirm.out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])')" "DATABASE_UNAVAILABLE"
check "account 2 on node3 (nothing half-committed)" "$(galera_sql 3 "SELECT balance FROM shop.accounts WHERE id = 2" 2>&1 || true)" "200"

say "node3 alone: 1 of 3 nodes is no quorum, the node refuses queries (non-primary)"
non_primary() { [ "$(galera_sql 3 "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'WSREP_CLUSTER_STATUS'")" = non-Primary ]; }
t0=$(date +%s%N)
wait_until 30 non_primary
echo "node3 non-Primary $(( ($(date +%s%N) - t0) / 1000000 )) ms after the kill's answer"
t0=$(date +%s%N)
N=$(sql '{"db":"shop","sql":"SELECT @@wsrep_node_name AS node"}')
echo "  (answered in $(( ($(date +%s%N) - t0) / 1000000 )) ms)"
echo "$N" | cut_json
check "a read meanwhile answers" "$(echo "$N" | sed 's/ HTTP [0-9]*$//' | python3 -c 'import json,sys; print(json.load(sys.stdin)["error"]["code"])')" "DATABASE_UNAVAILABLE"

say "node3 made primary again (pc.bootstrap), same gabysql serve, no restart"
galera_sql 3 "SET GLOBAL wsrep_provider_options = 'pc.bootstrap=YES'"
ready() { [ "$(galera_sql 3 "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'WSREP_READY'")" = ON ]; }
wait_until 30 ready
check "the next read is answered by" "$(node_of shop)" "node3"
U='UPDATE accounts SET balance = balance + 100 WHERE id = 2'
P=$(sql "{\"db\":\"shop\",\"sql\":\"$U\",\"execute\":true}")
TOKEN=$(echo "$P" | json_field confirm_token)
C=$(sql "{\"db\":\"shop\",\"sql\":\"$U\",\"confirm_token\":\"$TOKEN\"}")
echo "$C" | cut_json 200
check "account 2 on node3 after the new preview and confirm (once)" "$(galera_sql 3 "SELECT balance FROM shop.accounts WHERE id = 2")" "300"

say "node1 and node2 rejoin (state transfer from node3)"
galera_start 1
galera_start 2
check "cluster size; account 2 on node1 and node2" \
  "$(galera_sql 1 "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'WSREP_CLUSTER_SIZE'"); $(galera_sql 1 "SELECT balance FROM shop.accounts WHERE id = 2") $(galera_sql 2 "SELECT balance FROM shop.accounts WHERE id = 2")" "3; 300 300"
if grep -q "gaby-galera-pw" "$WORK/serve.log"; then fail "the password is in gabysql's log"; else ok "gabysql's log holds no password"; fi

if [ "$FAILED" = 0 ]; then echo "RESULT ok"; else echo "RESULT FAILED"; exit 1; fi
