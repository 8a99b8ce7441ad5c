#!/usr/bin/env python3
"""Where the CPU goes during mcpbench's one-row window, thread by thread (Linux, stdlib only).

Spawns the server command RUNS times and makes mcpbench's small-workload calls in order (the calls of
measure-window.py, beside this script); just before call 14 and after call 33 (the twenty one-row queries whose
p50 mcpbench reports) it reads /proc/PID/task/*/schedstat: per thread, the time it ran and the time it waited, runnable, for a
CPU. The PostgreSQL server's processes are summed as one line. Prints the median of each over the runs.

    python3 bench/scripts/window-threads.py 8 -- ./gabysql mcp --db 'bench=jdbc:postgresql://127.0.0.1:5432/bench_small?user=postgres'
"""
import collections
import importlib.util
import os
import statistics
import sys
import time

_spec = importlib.util.spec_from_file_location("measure_window",
                                               os.path.join(os.path.dirname(__file__), "measure-window.py"))
_window = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_window)
CALLS = _window.CALLS[:33]


def threads(pid):
    """Thread id -> (name, ns run, ns waited for a CPU)."""
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            name = open(f"/proc/{pid}/task/{tid}/comm").read().strip()
            run, wait, _ = map(int, open(f"/proc/{pid}/task/{tid}/schedstat").read().split())
            out[tid] = (name, run, wait)
        except OSError:
            pass
    return out


def postgres_ns():
    total = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if open(f"/proc/{pid}/comm").read().startswith("postgres"):
                total += int(open(f"/proc/{pid}/schedstat").read().split()[0])
        except OSError:
            pass
    return total


def one(cmd):
    p, send = _window.spawn(cmd)
    _window.initialize(send, "window-threads")
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 1000, "method": "tools/list"})
    lat = []
    for i, (name, args) in enumerate(CALLS):
        if i == 13:
            before, pg_before, t0 = threads(p.pid), postgres_ns(), time.perf_counter()
        t = time.perf_counter()
        send({"jsonrpc": "2.0", "id": i + 1, "method": "tools/call", "params": {"name": name, "arguments": args}})
        lat.append((time.perf_counter() - t) * 1000)
    wall = (time.perf_counter() - t0) * 1000
    after, pg_after = threads(p.pid), postgres_ns()
    p.stdin.close()
    p.wait()
    row = {"window wall": wall, "1-row p50": statistics.median(lat[13:33]),
           "postgres run": (pg_after - pg_before) / 1e6}
    for tid, (name, run, wait) in after.items():
        run0, wait0 = before.get(tid, (name, 0, 0))[1:]
        row[name + " run"] = row.get(name + " run", 0) + (run - run0) / 1e6
        row[name + " wait"] = row.get(name + " wait", 0) + (wait - wait0) / 1e6
    return row


def main():
    sep = sys.argv.index("--")
    runs = int(sys.argv[1])
    cmd = sys.argv[sep + 1:]
    rows = [one(cmd) for _ in range(runs)]
    keys = collections.OrderedDict((k, None) for r in rows for k in r)
    print("ms in the window (calls 14-33), medians of %d processes" % runs)
    for k in keys:
        values = [r.get(k, 0.0) for r in rows]
        if max(values) >= 0.3 or k in ("window wall", "1-row p50"):
            print("  %-28s %7.2f" % (k, statistics.median(values)))


if __name__ == "__main__":
    main()
