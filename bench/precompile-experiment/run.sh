#!/bin/sh
# gabysql as the launcher runs it, with the methods of $PRECOMPILE_LIST (a file, or none) queued for compiling
# at start. Usage: PRECOMPILE_LIST=target/list-all.txt run.sh mcp --db …   (stderr: target/run.err)
set -eu
HERE=$(CDPATH='' cd -- "${0%/*}" && pwd)
ROOT=$(CDPATH='' cd -- "$HERE/../.." && pwd)
OUT="$HERE/target"
. "$HERE/flags.sh"
# shellcheck disable=SC2086
exec java $JVM_FLAGS $EXPERIMENT_FLAGS -XX:SharedArchiveFile="$OUT/precompile.jsa" \
  -Dprecompile.list="${PRECOMPILE_LIST:-none}" -cp "$ROOT/gabysql-cli/target/gabysql.jar:$OUT/precompile.jar" \
  Precompile "$@" 2>>"$OUT/run.err"
