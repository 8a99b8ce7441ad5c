#!/bin/sh
# Entry point of the gabysql container image: runs the jar with the same JVM flags as the ./gabysql launcher.
# The connection comes from the environment (GABYSQL_DB_URL, GABYSQL_DB_USER, GABYSQL_DB_PASSWORD, ...), never
# from the image. JVM messages go to stderr only: with `mcp`, stdout is the MCP protocol's.
set -eu
JAR="${GABYSQL_JAR:-/opt/gabysql/gabysql.jar}"
if [ -n "${JAVA_HOME:-}" ]; then JAVA="$JAVA_HOME/bin/java"; else JAVA=java; fi
# shellcheck disable=SC2086
exec "$JAVA" -Xshare:auto -XX:TieredStopAtLevel=1 -XX:CompileThresholdScaling=0.3 -XX:+UseSerialGC -Xss512k \
  -Xlog:disable -Xlog:all=warning:stderr -Djava.locale.providers=SPI ${JAVA_OPTS:-} -jar "$JAR" "$@"
