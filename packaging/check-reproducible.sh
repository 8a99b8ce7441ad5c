#!/bin/sh
# Builds the project twice from clean and checks that the runnable jar (and every module jar) is byte-identical
# both times: pinned plugin versions and project.build.outputTimestamp make the build reproducible, and this
# proves it. Usage: packaging/check-reproducible.sh   (exit 0 when identical, 1 when not)
set -eu
ROOT=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
cd "$ROOT"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

jars() {
  find . -path ./node_modules -prune -o -path '*/target/*.jar' -type f -print | sort
}

build() {
  echo "build $1: mvn -B -q -DskipTests clean package" >&2
  mvn -B -q -DskipTests clean package >&2
  jars | while read -r jar; do
    printf '%s  %s\n' "$(sha256sum "$jar" | cut -d' ' -f1)" "$jar"
  done > "$OUT/$1.sha256"
}

build 1
build 2
if diff -u "$OUT/1.sha256" "$OUT/2.sha256"; then
  echo "reproducible: $(wc -l < "$OUT/1.sha256") jars identical across two clean builds" >&2
  grep 'gabysql.jar' "$OUT/1.sha256" >&2
else
  echo "NOT reproducible: the jars above differ between two clean builds" >&2
  exit 1
fi
