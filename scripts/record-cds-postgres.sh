#!/bin/sh
# Records scripts/cds-postgres.lst: what a PostgreSQL session loads beyond the launcher's CDS training (which has
# no server to reach) — the JDK's classes on that path, gabysql's own, and the lambda and method-handle forms they
# spin — so that the launcher's archive holds them too (issue 7: about 35 ms of the first PostgreSQL answer).
# Run it again when LauncherIT says a PostgreSQL session loads classes from outside the archive:
#
#   scripts/record-cds-postgres.sh 'jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres'
#
# The list is a supplement to the training's: stale lines (a class or lambda that no longer exists) are skipped
# with a warning when the archive is made, never an error.
set -eu
URL=${1:?usage: $0 JDBC_URL_OF_A_POSTGRESQL_DATABASE}
ROOT=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the training session, as the launcher runs it (see make_archive in ./gabysql)
{ cat "$ROOT/scripts/cds-training.jsonl"; sleep 6; } | GABYSQL_CDS=0 JAVA_OPTS="-XX:DumpLoadedClassList=$tmp/train.lst" \
  "$ROOT/gabysql" mcp --demo --data-dir "$tmp/data" --db training_pg=jdbc:postgresql://127.0.0.1:9/none \
  --audit-log "$tmp/audit.jsonl" >/dev/null 2>&1 || true

# a PostgreSQL session: describes, reads of every kind of value, an explain, a search, an error, the check
{
  cat <<'JSON'
{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"gabysql-cds-record","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"gabysql_describe_database","arguments":{"db":"pg","detail":"names"}}}
{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"gabysql_describe_database","arguments":{"db":"pg","detail":"full"}}}
{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"gabysql_query","arguments":{"db":"pg","sql":"SELECT 1::int4 AS i, 9000000000::int8 AS l, 1.5::numeric AS n, 2.5::float8 AS f, true AS b, 'x'::text AS t, now() AS ts, now()::date AS d, '10:11:12+02'::timetz AS tz, interval '1 day' AS iv, ARRAY[1, 2] AS a, '{}'::jsonb AS j, '\\x01'::bytea AS y"}}}
{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"gabysql_query","arguments":{"db":"pg","sql":"SELECT c.relname, c.reltuples FROM pg_class c WHERE c.relkind = ? ORDER BY 1 LIMIT 50","params":["r"]}}}
{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"gabysql_explain","arguments":{"db":"pg","sql":"SELECT * FROM pg_class"}}}
{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"gabysql_search","arguments":{"db":"pg","pattern":"id"}}}
{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"gabysql_query","arguments":{"db":"pg","sql":"SELECT no_such_column FROM pg_class"}}}
{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"gabysql_integrity_check","arguments":{"db":"pg"}}}
JSON
  sleep 8
} | GABYSQL_CDS=0 JAVA_OPTS="-XX:DumpLoadedClassList=$tmp/pg.lst" "$ROOT/gabysql" mcp --db "pg=$URL" \
  --audit-log "$tmp/audit-pg.jsonl" >/dev/null 2>&1 || true

[ -s "$tmp/pg.lst" ] || { echo "no class list was recorded" >&2; exit 1; }
# what the session loaded that the training did not (the launcher adds the jar's driver and pool classes whole)
grep -vxF -f "$tmp/train.lst" "$tmp/pg.lst" \
  | grep -vE '^(org/(postgresql|mariadb)|com/zaxxer/hikari|dev/gabysql/core/dialect/(postgres|mariadb|internal))/' \
  | grep -v '^jdk/proxy' | grep -v '^com/sun/proxy/' > "$ROOT/scripts/cds-postgres.lst"
echo "scripts/cds-postgres.lst: $(wc -l < "$ROOT/scripts/cds-postgres.lst") lines" >&2
