#!/usr/bin/env bash
# A streaming replica of the local PostgreSQL (127.0.0.1:5432, trust auth, user postgres) on a loopback port, for
# the read-replica tests (PostgresReplicaTest) and docs/deploy.md#read-replicas.
#
#   pg-replica.sh create PORT   makes the replica (pg_basebackup -R -X stream) in a new directory, starts it,
#                               waits until it answers, and prints the directory on stdout
#   pg-replica.sh stop DIR      stops it (fast shutdown), keeping its files
#   pg-replica.sh start DIR     starts it again and waits until it answers
#   pg-replica.sh destroy DIR   stops it if it runs and deletes its directory
#
# When the primary refuses replication connections from 127.0.0.1, create appends
# `host replication all 127.0.0.1/32 trust` to its pg_hba.conf and reloads it (once: the line is not added
# again). It needs wal_level replica (or logical) and max_wal_senders > 0, which PostgreSQL's defaults give;
# changing those needs a restart of the primary, so the script only says so. PostgreSQL refuses to run as root:
# as root, every server command runs as the `postgres` OS user (runuser). Messages go to stderr.
set -euo pipefail

PRIMARY_HOST=${PGREPLICA_PRIMARY_HOST:-127.0.0.1}
PRIMARY_PORT=${PGREPLICA_PRIMARY_PORT:-5432}

log() { echo "[pg-replica] $*" >&2; }
die() { log "$*"; exit 1; }

psql_primary() { psql -X -q -At -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -d postgres -c "$1"; }

# The primary's own binaries: pg_basebackup and pg_ctl of its major version
bindir() {
  if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN"; return; fi
  local major
  major=$(psql_primary "SELECT current_setting('server_version_num')::int / 10000")
  if [ -x "/usr/lib/postgresql/$major/bin/pg_ctl" ]; then echo "/usr/lib/postgresql/$major/bin"; return; fi
  dirname "$(command -v pg_ctl || die "no pg_ctl for PostgreSQL $major: set PG_BIN")"
}

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

allow_replication() {
  local wal senders hba rules
  wal=$(psql_primary "SHOW wal_level")
  senders=$(psql_primary "SHOW max_wal_senders")
  if [ "$wal" = minimal ] || [ "$senders" = 0 ]; then
    die "the primary has wal_level=$wal and max_wal_senders=$senders: a replica needs wal_level=replica and" \
      "max_wal_senders > 0 (postgresql.conf, then a restart of the primary)"
  fi
  rules=$(psql_primary "SELECT count(*) FROM pg_hba_file_rules WHERE type = 'host' AND auth_method = 'trust'
    AND 'replication' = ANY(database)
    AND address = '127.0.0.1' AND netmask = '255.255.255.255' AND error IS NULL")
  if [ "$rules" != 0 ]; then return; fi
  hba=$(psql_primary "SHOW hba_file")
  log "allowing replication connections from 127.0.0.1: appending to $hba and reloading"
  printf '%s\n' "host replication all 127.0.0.1/32 trust  # added by gabysql's pg-replica.sh" >>"$hba"
  psql_primary "SELECT pg_reload_conf()" >/dev/null
}

wait_ready() {
  local port=$1
  for _ in $(seq 1 60); do
    if pg_isready -q -h 127.0.0.1 -p "$port"; then return 0; fi
    sleep 0.5
  done
  die "the replica on port $port did not answer within 30 s"
}

port_of() { sed -n 's/^port = \([0-9]*\).*/\1/p' "$1/postgresql.conf"; }

create() {
  local port=$1 bin dir
  bin=$(bindir)
  allow_replication
  dir=$(mktemp -d /tmp/gabysql-replica.XXXXXX)
  chmod 0700 "$dir"
  [ "$(id -u)" != 0 ] || chown postgres:postgres "$dir"
  log "pg_basebackup -h $PRIMARY_HOST -p $PRIMARY_PORT -U postgres -D $dir -R -X stream -c fast"
  as_postgres "$bin/pg_basebackup" -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -D "$dir" -R -X stream -c fast >&2
  # Debian keeps the primary's postgresql.conf and pg_hba.conf in /etc, outside the copied data directory
  as_postgres tee "$dir/postgresql.conf" >/dev/null <<EOF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
hot_standby = on
EOF
  as_postgres tee "$dir/pg_hba.conf" >/dev/null <<EOF
local all all trust
host all all 127.0.0.1/32 trust
EOF
  as_postgres touch "$dir/pg_ident.conf"
  start "$dir"
  echo "$dir"
}

start() {
  local dir=$1 port
  port=$(port_of "$dir")
  log "pg_ctl -D $dir -o \"-p $port -k $dir\" start"
  as_postgres "$(bindir)/pg_ctl" -D "$dir" -o "-p $port -k $dir" -l "$dir/server.log" -w start >&2
  wait_ready "$port"
}

stop() {
  local dir=$1
  log "pg_ctl -D $dir -m fast stop"
  as_postgres "$(bindir)/pg_ctl" -D "$dir" -m fast -w stop >&2
}

destroy() {
  local dir=$1
  case "$dir" in /tmp/gabysql-replica.*) ;; *) die "not a replica directory of this script: $dir" ;; esac
  if [ -f "$dir/postmaster.pid" ]; then stop "$dir" || true; fi
  rm -rf "$dir"
}

case "${1:-}" in
  create) create "${2:?PORT}" ;;
  start) start "${2:?DIR}" ;;
  stop) stop "${2:?DIR}" ;;
  destroy) destroy "${2:?DIR}" ;;
  *) die "usage: pg-replica.sh create PORT | start DIR | stop DIR | destroy DIR" ;;
esac
