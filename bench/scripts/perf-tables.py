#!/usr/bin/env python3
"""Writes the generated tables of docs/performance.md from the raw results of bench/run.

    python3 bench/scripts/perf-tables.py RESULTS_DIR docs/performance.md COMMIT

Each table sits between `<!-- bench/run: NAME -->` and `<!-- /bench/run -->` in the page; only those blocks are
replaced, the prose around them is kept. A result that is missing (a step not run) leaves its cells as "—".
Standard library only.
"""
import glob
import json
import os
import re
import sys

DASH = "—"


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def num(v, digits=1):
    if v is None:
        return DASH
    if isinstance(v, int) or digits == 0:
        return f"{round(v):,}"
    return f"{v:,.{digits}f}"


def step(summary, name):
    for s in (summary or {}).get("steps", []):
        if s["name"] == name:
            return s
    return None


def step_cell(summary, name, with_rows=False):
    s = step(summary, name)
    if s is None:
        return DASH
    cell = num(s.get("p50_ms"))
    if with_rows:
        cell += f" ({num(s.get('rows'), 0)}{', truncated' if s.get('says_truncated') else ''})"
    return cell


def workloads(out):
    rows = ["| workload | cold start ms | 1st answer ms | peak RSS MiB | 1-row p50 ms | 1k-row p50 ms |"
            " 100k-row p50 ms | describe full p50 ms, chars |",
            "|---|---|---|---|---|---|---|---|"]
    for label, name in [("PostgreSQL small", "postgres-small"), ("SQLite small", "sqlite-small"),
                        ("PostgreSQL wide (500 tables)", "postgres-wide"), ("SQLite wide", "sqlite-wide")]:
        doc = load(os.path.join(out, f"m-gabysql-{name}.json"))
        if doc is None:
            continue
        s = doc["summary"]
        d = step(s, "describe_schema")
        rows.append("| " + " | ".join([
            label, num(s.get("cold_start_ms")), num(s.get("first_result_ms")),
            num(s.get("peak_hwm_kb") and s["peak_hwm_kb"] / 1024),
            step_cell(s, "select_1_row"), step_cell(s, "select_1k_rows", True),
            step_cell(s, "select_100k_rows", True),
            DASH if d is None else f"{num(d.get('p50_ms'))}, {num(d.get('chars'), 0)}"]) + " |")
    return rows


def rhythm(out):
    rows = ["| workload | 1-row p50 ms | p95 ms | calls |", "|---|---|---|---|"]
    for label, name in [("PostgreSQL", "postgres-rhythm"), ("SQLite", "sqlite-rhythm")]:
        doc = load(os.path.join(out, f"m-gabysql-{name}.json"))
        s = step(doc and doc["summary"], "select_1_row_agent_rhythm") or step(doc and doc["summary"], "select_1_row")
        if s is None or s.get("errors"):
            continue
        rows.append(f"| {label} | {num(s.get('p50_ms'))} | {num(s.get('p95_ms'))} | {s.get('calls')} |")
    return rows


def tools(out):
    rows = ["| set | tools | characters | target |", "|---|---|---|---|"]
    for label, target in [("readonly", 3000), ("readwrite", 3800), ("minimal", 1200)]:
        doc = load(os.path.join(out, f"t-{label}.json"))
        if doc is None:
            continue
        s = doc["summary"]
        chars = s.get("tools_list_chars")
        mark = DASH if chars is None else ("✓" if chars <= target else "✗")
        rows.append(f"| {label} | {s.get('tools')} | {num(chars, 0)} | ≤ {target:,} {mark} |")
    return rows


def results(path):
    found = {}
    try:
        with open(path) as f:
            for line in f:
                if line.startswith("RESULT "):
                    parts = line.split()
                    found[parts[1]] = {k: float(v) for k, v in (p.split("=") for p in parts[2:])}
    except OSError:
        pass
    return found


def http(out):
    rows = ["| clients | `pgbench -S` tps | `POST /sql` req/s | ratio (target ≥ 0.5) | p50 ms | p99 ms |",
            "|---|---|---|---|---|---|"]
    for n in (1, 8, 32):
        r = results(os.path.join(out, f"http-{n}.txt"))
        pgb, sql = r.get(f"pgbench-{n}"), r.get(f"sql-{n}")
        if not pgb or not sql:
            continue
        rows.append(f"| {n} | {num(pgb['tps'], 0)} | {num(sql['rps'], 0)} | {sql['rps'] / pgb['tps']:.2f} |"
                    f" {num(sql['p50_ms'], 2)} | {num(sql['p99_ms'], 2)} |")
    return rows


def mcp(out):
    rows = ["| sessions | MCP `tools/call` req/s | `POST /sql` req/s (same run) | ratio (target ≥ 0.7) |"
            " MCP p50 ms | MCP p99 ms |", "|---|---|---|---|---|---|"]
    for n in (8, 32):
        r = results(os.path.join(out, f"mcp-{n}.txt"))
        m, sql = r.get(f"mcp-{n}"), r.get(f"sql-{n}")
        if not m or not sql:
            continue
        rows.append(f"| {n} | {num(m['rps'], 0)} | {num(sql['rps'], 0)} | {m['rps'] / sql['rps']:.2f} |"
                    f" {num(m['p50_ms'], 2)} | {num(m['p99_ms'], 2)} |")
    return rows


def jmh(out):
    doc = load(os.path.join(out, "jmh.json"))
    if not doc:
        return None
    rows = ["| benchmark | params | score | error |", "|---|---|---|---|"]
    for b in doc:
        name = b["benchmark"].rsplit(".", 2)
        params = ", ".join(f"{k}={v}" for k, v in (b.get("params") or {}).items()) or DASH
        m = b["primaryMetric"]
        rows.append(f"| `{name[-2]}.{name[-1]}` | {params} | {m['score']:.3f} {m['scoreUnit']} |"
                    f" ± {m['scoreError']:.3f} |")
    return rows


def replace(page, name, rows, commit):
    if rows is None or len(rows) <= 2:
        return page
    block = "\n".join(rows)
    pattern = re.compile(r"(<!-- bench/run: " + re.escape(name) + r" -->\n).*?(<!-- /bench/run -->)", re.S)
    if not pattern.search(page):
        print(f"perf-tables: no marker for {name} in the page", file=sys.stderr)
        return page
    stamp = f"<!-- generated by bench/run at {commit} -->\n"
    return pattern.sub(lambda m: m.group(1) + stamp + block + "\n" + m.group(2), page)


def main():
    out, page_path, commit = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(page_path) as f:
        page = f.read()
    for name, rows in [("workloads", workloads(out)), ("rhythm", rhythm(out)), ("tools", tools(out)),
                       ("http", http(out)), ("mcp-http", mcp(out)), ("jmh", jmh(out))]:
        page = replace(page, name, rows, commit)
        if rows:
            print("\n".join(rows) + "\n")
    with open(page_path, "w") as f:
        f.write(page)


if __name__ == "__main__":
    main()
