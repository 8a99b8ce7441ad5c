#!/usr/bin/env python3
"""Lists the methods a gabysql process compiles (stdlib only): runs mcpbench's early calls then 600 one-row
queries on the launcher with -XX:+PrintCompilation, and writes target/list-all.txt (every method compiled, in
order) and target/list-after.txt (those first compiled after the first one-row query began).

    python3 bench/precompile-experiment/train.py -- ./gabysql mcp --db 'bench=jdbc:postgresql://…/bench_small?…'
"""
import importlib.util
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "target")
spec = importlib.util.spec_from_file_location("mw", os.path.join(HERE, "..", "..", "scripts", "measure-window.py"))
mw = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mw)


def main():
    cmd = sys.argv[sys.argv.index("--") + 1:]
    os.makedirs(OUT, exist_ok=True)
    log_path = os.path.join(OUT, "train.log")
    env = dict(os.environ, JAVA_OPTS="-XX:+UnlockDiagnosticVMOptions -XX:+PrintCompilation "
                                     "-XX:+DisplayVMOutputToStderr")
    t0 = time.perf_counter()
    with open(log_path, "w") as log:
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, env=env)

        def send(o):
            p.stdin.write((json.dumps(o) + "\n").encode())
            p.stdin.flush()
            return p.stdout.readline() if "id" in o else None

        mw.initialize(send, "precompile-train")
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        send({"jsonrpc": "2.0", "id": 1000, "method": "tools/list"})
        first_query_ms = None
        for i, (name, args) in enumerate(mw.CALLS[:14] + [mw.CALLS[13]] * 600):
            if i == 13:
                first_query_ms = (time.perf_counter() - t0) * 1000
            send({"jsonrpc": "2.0", "id": i + 1, "method": "tools/call",
                  "params": {"name": name, "arguments": args}})
        p.stdin.close()
        p.wait()
    first, order = {}, []
    for line in open(log_path):
        m = re.match(r"\s*(\d+)\s+\d+\s+([%sbn!]*)\s*\d\s+(\S+::\S+)", line)
        if m and "n" not in m.group(2) and "%" not in m.group(2) and m.group(3) not in first:
            first[m.group(3)] = int(m.group(1))
            order.append(m.group(3))
    after = [n for n in order if first[n] >= first_query_ms - 10]  # the launcher's own start, about 10 ms
    for name, names in (("list-all.txt", order), ("list-after.txt", after)):
        with open(os.path.join(OUT, name), "w") as f:
            f.write("\n".join(names) + "\n")
    print("%d methods compiled, %d first after the first one-row query (%.0f ms after spawn)"
          % (len(order), len(after), first_query_ms))


if __name__ == "__main__":
    main()
