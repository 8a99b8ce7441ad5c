#!/usr/bin/env python3
"""Per-call latency of one tools/call over stdio, early and late in a process's life (stdlib only).

Spawns the server command, initializes, optionally waits (an agent thinking after initialize: gabysql's JIT
warm-up runs only while the client is quiet), then makes N identical gabysql_query calls one after the other
and prints the p50 of calls 1-20, 14-33 (the calls mcpbench's select_1_row step times in its workloads),
21-40 and the last 100. With --runs K it starts K processes and prints the median of each figure. A {i} in
--sql becomes the call's number, so that every call sends a different text (no statement or guard cache hit).

    python3 bench/scripts/measure-latency.py --calls 1000 --delay 0.5 --db bench \\
        --sql 'SELECT * FROM customers WHERE id = 42' -- ./gabysql mcp --db bench=/tmp/bench-fixtures/bench_small.db
"""
import argparse
import json
import statistics
import subprocess
import time

med = statistics.median


def one_process(cmd, a):
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(o):
        p.stdin.write((json.dumps(o) + "\n").encode())
        p.stdin.flush()
        return p.stdout.readline() if "id" in o else None

    send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
          "capabilities": {}, "clientInfo": {"name": "measure-latency", "version": "1"}}})
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    time.sleep(a.delay)
    lat = []
    for i in range(a.calls):
        t = time.perf_counter()
        reply = send({"jsonrpc": "2.0", "id": i + 1, "method": "tools/call",
                      "params": {"name": "gabysql_query", "arguments": {"db": a.db,
                                                                       "sql": a.sql.replace("{i}", str(i + 1))}}})
        lat.append((time.perf_counter() - t) * 1000)
        if i == 0 and b'"isError":true' in reply:
            print("first call failed:", reply[:300])
    p.stdin.close()
    p.wait()
    return {"1-20": med(lat[:20]), "14-33": med(lat[13:33]) if len(lat) >= 33 else float("nan"),
            "21-40": med(lat[20:40]) if len(lat) > 20 else float("nan"), "last 100": med(lat[-100:]),
            "min": min(lat)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--runs", type=int, default=1, help="processes to start; medians are printed")
    ap.add_argument("--delay", type=float, default=0.0, help="seconds of quiet after initialize")
    ap.add_argument("--db", default="bench")
    ap.add_argument("--sql", default="SELECT * FROM customers WHERE id = 42",
                    help="the query; {i} becomes the call's number (a different text each call)")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.command[1:] if a.command and a.command[0] == "--" else a.command
    runs = [one_process(cmd, a) for _ in range(a.runs)]
    print("p50 ms: " + " | ".join("calls %s %.3f" % (k, med([r[k] for r in runs]))
                                  for k in ("1-20", "14-33", "21-40", "last 100"))
          + " | min %.3f" % min(r["min"] for r in runs) + (" (medians of %d runs)" % a.runs if a.runs > 1 else ""))


if __name__ == "__main__":
    main()
