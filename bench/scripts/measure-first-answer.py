#!/usr/bin/env python3
"""Spawn -> initialize reply, -> tools/list reply, -> first describe answer of MCP stdio server commands (stdlib only).

Each run spawns the command, sends initialize, then notifications/initialized and tools/list, then a
gabysql_describe_database call (detail "names", as mcpbench's first step does), and times each reply from the
spawn. Several commands (separated by ---) are run alternately, so that a machine's speed drifting between
minutes affects them alike; the medians of --runs processes are printed per command.

    python3 bench/scripts/measure-first-answer.py --runs 10 --db bench \\
        -- /tmp/base/gabysql mcp --db bench=/tmp/bench-fixtures/bench_small.db \\
        --- ./gabysql mcp --db bench=/tmp/bench-fixtures/bench_small.db
"""
import argparse
import json
import statistics
import subprocess
import time


def one_process(cmd, db):
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(message):
        p.stdin.write((json.dumps(message) + "\n").encode())
        p.stdin.flush()

    def elapsed_ms():
        return (time.perf_counter() - start) * 1000

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
          "capabilities": {}, "clientInfo": {"name": "measure", "version": "1"}}})
    p.stdout.readline()
    initialize = elapsed_ms()
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    p.stdout.readline()
    tools_list = elapsed_ms()
    send({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "gabysql_describe_database",
          "arguments": {"db": db, "detail": "names"}}})
    p.stdout.readline()
    first_answer = elapsed_ms()
    p.stdin.close()
    p.wait()
    return initialize, tools_list, first_answer


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--db", default="bench", help="the database the describe call names")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- CMD [--- CMD ...]")
    a = parser.parse_args()
    words = a.command[1:] if a.command and a.command[0] == "--" else a.command
    commands, current = [], []
    for w in words:
        if w == "---":
            commands.append(current)
            current = []
        else:
            current.append(w)
    commands.append(current)
    results = {i: [] for i in range(len(commands))}
    for _ in range(a.runs):
        for i, cmd in enumerate(commands):
            results[i].append(one_process(cmd, a.db))
    for i, cmd in enumerate(commands):
        r = results[i]
        print("initialize %4.0f | tools/list %4.0f | first describe %4.0f ms (medians of %d)  %s" % (
            statistics.median(x[0] for x in r), statistics.median(x[1] for x in r),
            statistics.median(x[2] for x in r), len(r), " ".join(cmd)))


if __name__ == "__main__":
    main()
