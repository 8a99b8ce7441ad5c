# The launcher's JVM flags, read from ./gabysql, and the experiment's own (sourced by build.sh and run.sh).
JVM_FLAGS=$(awk '/^JVM_FLAGS="/{f=1} f{print} f && /"$/{exit}' "$ROOT/gabysql" | sed 's/\\$//' | tr -d '\n' \
  | sed 's/^JVM_FLAGS="//; s/"$//')
EXPERIMENT_FLAGS="-Xbootclasspath/a:$OUT/whitebox.jar -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI \
-XX:+DisplayVMOutputToStderr"
