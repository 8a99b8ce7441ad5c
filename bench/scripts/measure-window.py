#!/usr/bin/env python3
"""mcpbench's early calls, for several variants of one server command, alternating (stdlib only).

Each run spawns a fresh process and makes the calls of mcpbench's small workloads in their order: initialize,
tools/list, 5 describe_database "names", 3 "full", 5 describe_table, then 20 one-row queries (the calls whose p50
mcpbench reports as select_1_row: calls 14-33 of the process) and 10 of the 1,000-row query. Variants run in
turn, RUNS times each; medians over processes are printed: spawn -> initialize reply, spawn -> first tool answer,
the one-row p50 and the 1,000-row p50.

A variant is LABEL=, LABEL=JAVA_OPTS (extra JVM options: the launcher appends $JAVA_OPTS), LABEL=ENV:NAME=VALUE
or LABEL=CMD:PATH (another executable instead of the command's first word).

    python3 bench/scripts/measure-window.py 8 base= c003=-XX:CompileThresholdScaling=0.03 \\
        -- ./gabysql mcp --db 'bench=jdbc:postgresql://127.0.0.1:5432/bench_small?user=postgres'
"""
import json
import os
import statistics
import subprocess
import sys
import time

CALLS = ([("gabysql_describe_database", {"db": "bench", "detail": "names"})] * 5
         + [("gabysql_describe_database", {"db": "bench", "detail": "full"})] * 3
         + [("gabysql_describe_table", {"db": "bench", "table": "orders"})] * 5
         + [("gabysql_query", {"db": "bench", "sql": "SELECT * FROM customers WHERE id = 42"})] * 20
         + [("gabysql_query", {"db": "bench", "sql": "SELECT * FROM events WHERE id <= 1000 ORDER BY id"})] * 10)


def spawn(cmd, env=None):
    """A server process and a send(message) that writes one JSON-RPC line and, for a request, reads one reply."""
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)

    def send(o):
        p.stdin.write((json.dumps(o) + "\n").encode())
        p.stdin.flush()
        return p.stdout.readline() if "id" in o else None

    return p, send


def initialize(send, client):
    send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
          "capabilities": {}, "clientInfo": {"name": client, "version": "1"}}})


def one(cmd, variant):
    env = dict(os.environ)
    if variant.startswith("CMD:"):
        cmd = [variant[4:]] + cmd[1:]
    elif variant.startswith("ENV:"):
        name, value = variant[4:].split("=", 1)
        env[name] = value
    elif variant:
        env["JAVA_OPTS"] = variant
    t0 = time.perf_counter()
    p, send = spawn(cmd, env)
    initialize(send, "measure-window")
    init = time.perf_counter() - t0
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 1000, "method": "tools/list"})
    lat, first = [], None
    for i, (name, args) in enumerate(CALLS):
        t = time.perf_counter()
        reply = send({"jsonrpc": "2.0", "id": i + 1, "method": "tools/call",
                      "params": {"name": name, "arguments": args}})
        lat.append((time.perf_counter() - t) * 1000)
        if first is None:
            first = (time.perf_counter() - t0) * 1000
        if b'"isError":true' in reply:
            print("a call failed:", reply[:300], file=sys.stderr)
    p.stdin.close()
    p.wait()
    return {"init": init * 1000, "first": first, "row": statistics.median(lat[13:33]),
            "rows1k": statistics.median(lat[33:43])}


def main():
    sep = sys.argv.index("--")
    runs = int(sys.argv[1])
    variants = [v.split("=", 1) for v in sys.argv[2:sep]]
    cmd = sys.argv[sep + 1:]
    results = {label: [] for label, _ in variants}
    for _ in range(runs):
        for label, variant in variants:
            results[label].append(one(cmd, variant))
    for label, _ in variants:
        def med(key):
            return statistics.median(r[key] for r in results[label])
        print("%-12s initialize %.1f ms  first answer %.1f ms  1-row p50 (calls 14-33) %.3f ms  1k-row p50 %.2f ms"
              % (label, med("init"), med("first"), med("row"), med("rows1k")))


if __name__ == "__main__":
    main()
