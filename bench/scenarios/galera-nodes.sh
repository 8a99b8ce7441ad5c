# A three-node MariaDB Galera cluster on loopback, in a temporary directory (sourced by galera.sh; not run).
# Needs mariadb-server (mariadbd, mariadb-install-db) and galera-4 (/usr/lib/galera/libgalera_smm.so), rsync for
# the state transfer of a joining node. Every node runs as the OS user `mysql` (mariadbd refuses root without
# --user) on its own datadir; its client port, group port (gcomm), IST and SST ports are free loopback ports.
#
#   galera_create DIR      makes node1..node3 under DIR (install-db, my.cnf each)
#   galera_start N [new]   starts node N (`new`: bootstraps the cluster on it), waits until it is Synced
#   galera_kill N          SIGKILL to node N's mariadbd (a node that dies, not one that leaves)
#   galera_stop_all        SIGTERM to every node started, waits for each
#   galera_sql N SQL       runs SQL on node N as root (mariadb client over TCP), tab-separated, no headers
#   GALERA_PORT[N]         node N's client port

GALERA_PROVIDER=${GALERA_PROVIDER:-/usr/lib/galera/libgalera_smm.so}
declare -A GALERA_PORT GALERA_PID
GALERA_DIR=

galera_create() {
  GALERA_DIR=$1
  local n group_ports=() ports=()
  for n in 1 2 3; do GALERA_PORT[$n]=$(free_port); group_ports[$n]=$(free_port); done
  local members="127.0.0.1:${group_ports[1]},127.0.0.1:${group_ports[2]},127.0.0.1:${group_ports[3]}"
  for n in 1 2 3; do
    local d=$GALERA_DIR/node$n
    mkdir -p "$d/data"
    cat >"$d/my.cnf" <<CNF
[mariadbd]
datadir=$d/data
socket=$d/mysqld.sock
pid-file=$d/mysqld.pid
log-error=$d/error.log
port=${GALERA_PORT[$n]}
bind-address=127.0.0.1
skip-name-resolve
innodb_buffer_pool_size=64M
innodb_log_file_size=16M
performance_schema=OFF
# Galera's requirements (row events, interleaved auto-increment locks)
binlog_format=ROW
innodb_autoinc_lock_mode=2
default_storage_engine=InnoDB
wsrep_on=ON
wsrep_provider=$GALERA_PROVIDER
wsrep_cluster_name=gabysql_galera
wsrep_cluster_address=gcomm://$members
wsrep_node_name=node$n
wsrep_node_address=127.0.0.1:${group_ports[$n]}
wsrep_node_incoming_address=127.0.0.1:${GALERA_PORT[$n]}
wsrep_provider_options="gmcast.listen_addr=tcp://127.0.0.1:${group_ports[$n]};ist.recv_addr=127.0.0.1:$(free_port);gcache.size=32M"
wsrep_sst_method=rsync
wsrep_sst_receive_address=127.0.0.1:$(free_port)
CNF
    mariadb-install-db --defaults-file="$d/my.cnf" --user=mysql --auth-root-authentication-method=normal \
      --skip-test-db >"$d/install.log" 2>&1
  done
  chown -R mysql:mysql "$GALERA_DIR"
}

galera_start() {
  local n=$1 d=$GALERA_DIR/node$1
  local extra=()
  if [ "${2:-}" = new ]; then extra=(--wsrep-new-cluster); fi
  mariadbd --defaults-file="$d/my.cnf" --user=mysql "${extra[@]}" >"$d/stdout.log" 2>&1 &
  GALERA_PID[$n]=$!
  wait_until 120 galera_synced "$n"
}

galera_synced() {
  [ "$(galera_sql "$1" "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'WSREP_LOCAL_STATE_COMMENT'")" = Synced ]
}

galera_sql() {
  mariadb -h 127.0.0.1 -P "${GALERA_PORT[$1]}" -u root -N -B -e "$2"
}

galera_kill() {
  kill -KILL "${GALERA_PID[$1]}"
  wait "${GALERA_PID[$1]}" 2>/dev/null || true
  unset 'GALERA_PID[$1]'
}

galera_stop_all() {
  local n
  for n in "${!GALERA_PID[@]}"; do kill -TERM "${GALERA_PID[$n]}" 2>/dev/null || true; done
  for n in "${!GALERA_PID[@]}"; do wait "${GALERA_PID[$n]}" 2>/dev/null || true; done
  GALERA_PID=()
}
