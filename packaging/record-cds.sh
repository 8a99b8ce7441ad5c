#!/bin/sh
# Records packaging/cds-<dialect>.lst (postgres or mariadb): what a session on a server database loads beyond the
# launcher's CDS training (which has no server to reach) — the JDK's classes on that path, gabysql's own, and the
# lambda and method-handle forms they spin — so that the launcher's archive holds them too and the first answer
# on such a database does not load them from the jar (docs/design.md#start-up). Run it again when LauncherIT says
# such a session loads classes from outside the archive:
#
#   packaging/record-cds.sh 'jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres'
#   packaging/record-cds.sh 'jdbc:mariadb://127.0.0.1:3306/test?user=root'
#
# The list is a supplement to the training's: stale lines (a class or lambda that no longer exists) are skipped
# with a warning when the archive is made, never an error.
set -eu
URL=${1:?usage: $0 JDBC_URL_OF_A_POSTGRESQL_OR_MARIADB_DATABASE}
case $URL in
  jdbc:postgresql:*) DIALECT=postgres
    VALUES="SELECT 1::int4 AS i, 9000000000::int8 AS l, 1.5::numeric AS n, 2.5::float8 AS f, true AS b, 'x'::text AS t, now() AS ts, now()::date AS d, '10:11:12+02'::timetz AS tz, interval '1 day' AS iv, ARRAY[1, 2] AS a, '{}'::jsonb AS j, decode('01', 'hex') AS y"
    CATALOG="SELECT c.relname, c.reltuples FROM pg_class c WHERE c.relkind = ? ORDER BY 1 LIMIT 50" ;;
  jdbc:mariadb:*|jdbc:mysql:*) DIALECT=mariadb
    VALUES="SELECT 1 AS i, 9000000000 AS l, CAST(1.5 AS DECIMAL(4,2)) AS n, 2.5e0 AS f, TRUE AS b, 'x' AS t, NOW(3) AS ts, CURDATE() AS d, CAST('838:59:59' AS TIME) AS tm, JSON_OBJECT('a', 1) AS j, X'01' AS y"
    CATALOG="SELECT table_name, table_rows FROM information_schema.tables WHERE table_type = ? ORDER BY 1 LIMIT 50" ;;
  *) echo "a jdbc:postgresql:, jdbc:mariadb: or jdbc:mysql: URL, please" >&2; exit 2 ;;
esac
ROOT=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the training session, as the launcher runs it (see make_archive in ./gabysql)
{ cat "$ROOT/packaging/cds-training.jsonl"; sleep 6; } | GABYSQL_CDS=0 JAVA_OPTS="-XX:DumpLoadedClassList=$tmp/train.lst" \
  "$ROOT/gabysql" mcp --demo --data-dir "$tmp/data" --db training_pg=jdbc:postgresql://127.0.0.1:9/none \
  --audit-log "$tmp/audit.jsonl" >/dev/null 2>&1 || true

# a session: describes, reads of every kind of value, an explain, a search, an error, the integrity check
call() { # id, tool, arguments (JSON)
  printf '{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"%s","arguments":%s}}\n' "$1" "$2" "$3"
}
json_string() { # a JSON string literal of $1 (the statements above hold no control characters)
  printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"
}
{
  printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"gabysql-cds-record","version":"1"}}}' \
    '{"jsonrpc":"2.0","method":"notifications/initialized"}' '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
  call 3 gabysql_describe_database '{"db":"x","detail":"names"}'
  call 4 gabysql_describe_database '{"db":"x","detail":"full"}'
  call 5 gabysql_query "{\"db\":\"x\",\"sql\":$(json_string "$VALUES")}"
  call 6 gabysql_query "{\"db\":\"x\",\"sql\":$(json_string "$CATALOG"),\"params\":[\"$([ $DIALECT = postgres ] && echo r || echo 'BASE TABLE')\"]}"
  call 7 gabysql_explain "{\"db\":\"x\",\"sql\":$(json_string "$CATALOG")}"
  call 8 gabysql_search '{"db":"x","pattern":"id"}'
  call 9 gabysql_query '{"db":"x","sql":"SELECT no_such_column FROM no_such_table"}'
  call 10 gabysql_health '{"db":"x","report":"integrity"}'
  sleep 8
} | GABYSQL_CDS=0 JAVA_OPTS="-XX:DumpLoadedClassList=$tmp/server.lst" "$ROOT/gabysql" mcp --db "x=$URL" \
  --audit-log "$tmp/audit-server.jsonl" >/dev/null 2>&1 || true

[ -s "$tmp/server.lst" ] || { echo "no class list was recorded" >&2; exit 1; }
# what the session loaded that the training did not (the launcher adds the jar's driver and pool classes whole)
grep -vxF -f "$tmp/train.lst" "$tmp/server.lst" \
  | grep -vE '^(org/(postgresql|mariadb)|com/zaxxer/hikari|dev/gabysql/core/dialect/(postgres|mariadb|internal))/' \
  | grep -v '^jdk/proxy' | grep -v '^com/sun/proxy/' > "$ROOT/packaging/cds-$DIALECT.lst"
echo "packaging/cds-$DIALECT.lst: $(wc -l < "$ROOT/packaging/cds-$DIALECT.lst") lines" >&2
