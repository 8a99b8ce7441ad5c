#!/usr/bin/env python3
"""Times spawn -> initialize reply (and a first query) of an MCP stdio server command.

    python3 bench/scripts/measure-initialize.py ./gabysql mcp --demo --data-dir /tmp/gd --audit-log none
"""
import json
import subprocess
import sys
import time


def main(cmd):
    t0 = time.time()
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(o):
        p.stdin.write((json.dumps(o) + "\n").encode())
        p.stdin.flush()

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
          "capabilities": {}, "clientInfo": {"name": "measure", "version": "1"}}})
    p.stdout.readline()
    init_ms = (time.time() - t0) * 1000
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "gabysql_list_databases",
          "arguments": {}}})
    p.stdout.readline()
    first_ms = (time.time() - t0) * 1000
    p.stdin.close()
    p.wait()
    print(f"initialize {init_ms:.0f} ms, first tool answer {first_ms:.0f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
