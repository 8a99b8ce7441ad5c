#!/bin/sh
# Builds the experiment next to gabysql's jar (which must be built: ./gabysql --version) and its own AppCDS
# archive: the boot class path it appends must be the one the archive was dumped with. Usage: build.sh [LIST]
# (the list whose classes the archive's training loads; default target/list-all.txt).
set -eu
HERE=$(CDPATH='' cd -- "${0%/*}" && pwd)
ROOT=$(CDPATH='' cd -- "$HERE/../.." && pwd)
OUT="$HERE/target"
JAR="$ROOT/gabysql-cli/target/gabysql.jar"
mkdir -p "$OUT/classes" "$OUT/boot"
javac -d "$OUT/boot" "$HERE/src/sun/hotspot/WhiteBox.java"
javac -cp "$OUT/boot:$JAR" -d "$OUT/classes" "$HERE/src/Precompile.java"
(cd "$OUT/boot" && jar cf "$OUT/whitebox.jar" .)
(cd "$OUT/classes" && jar cf "$OUT/precompile.jar" .)
. "$HERE/flags.sh"
LIST=${1:-$OUT/list-all.txt}
tmp=$(mktemp -d)
# as the launcher's make_archive: a training session's classes, the server drivers' classes, the recorded lists
# shellcheck disable=SC2086
{ cat "$ROOT/scripts/cds-training.jsonl"; sleep 6; } | java $JVM_FLAGS $EXPERIMENT_FLAGS -Dprecompile.list="$LIST" \
  -XX:DumpLoadedClassList="$tmp/classes.lst" -cp "$JAR:$OUT/precompile.jar" Precompile mcp --demo \
  --data-dir "$tmp/data" --db training_pg=jdbc:postgresql://127.0.0.1:9/none --audit-log "$tmp/audit.jsonl" \
  >/dev/null 2>&1 || true
jar tf "$JAR" | grep -E '^(org/(postgresql|mariadb)|com/zaxxer/hikari|dev/gabysql/core/dialect/(postgres|mariadb|internal))/' \
  | grep '\.class$' | sed 's/\.class$//' >>"$tmp/classes.lst"
cat "$ROOT"/scripts/cds-*.lst >>"$tmp/classes.lst"
rm -f "$OUT/precompile.jsa"
# shellcheck disable=SC2086
java $JVM_FLAGS $EXPERIMENT_FLAGS -Xshare:dump -XX:SharedClassListFile="$tmp/classes.lst" \
  -XX:SharedArchiveFile="$OUT/precompile.jsa" -cp "$JAR:$OUT/precompile.jar" Precompile >/dev/null 2>&1
rm -rf "$tmp"
ls -l "$OUT/precompile.jsa"
