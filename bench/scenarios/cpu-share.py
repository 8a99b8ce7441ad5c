#!/usr/bin/env python3
"""Where a machine's cores went during a run: CPU time of named groups of processes, from /proc (Linux only).

    cpu-share.py start SNAPSHOT LABEL=PID[,PID...] LABEL=uid:NAME ...   # before the run
    cpu-share.py stop SNAPSHOT                                           # after it: one line per label

A group is a list of pids or every process of an OS user (uid:postgres: the database server's backends, which come
and go; one started during the run counts whole, one that ended during it is missed). Each line gives the cores the
group used on average and its share of the machine's capacity (all cores); "idle" and "other" close the sum to
100 %. Standard library only.
"""
import json
import os
import pwd
import sys
import time

TICKS = os.sysconf("SC_CLK_TCK")
CORES = os.cpu_count() or 1


def process_ticks(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime, stime (all threads)
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return None


def pids_of(spec):
    if spec.startswith("uid:"):
        uid = pwd.getpwnam(spec[4:]).pw_uid
        return [int(p) for p in os.listdir("/proc") if p.isdigit() and owner(p) == uid]
    return [int(p) for p in spec.split(",") if p]


def owner(pid):
    try:
        return os.stat(f"/proc/{pid}").st_uid
    except FileNotFoundError:
        return None


def machine():
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    return sum(values), values[3] + values[4]  # all ticks, idle + iowait


def snapshot(groups):
    total, idle = machine()
    taken = {}
    for label, spec in groups.items():
        taken[label] = {str(p): process_ticks(p) for p in pids_of(spec)}
    return {"time": time.time(), "total": total, "idle": idle, "groups": groups, "ticks": taken}


def report(before):
    after = snapshot(before["groups"])
    elapsed = after["time"] - before["time"]
    capacity = after["total"] - before["total"]  # ticks of all cores over the run
    print(f"{'group':<14} {'cores':>6} {'share':>7}   ({elapsed:.1f} s, {CORES} cores)")
    used = 0
    for label in before["groups"]:
        ticks = 0
        for pid, now in after["ticks"][label].items():
            if now is not None:
                ticks += now - (before["ticks"][label].get(pid) or 0)
        used += ticks
        print(f"{label:<14} {ticks / TICKS / elapsed:>6.2f} {100 * ticks / capacity:>6.1f} %")
    idle = after["idle"] - before["idle"]
    other = capacity - idle - used
    print(f"{'other':<14} {other / TICKS / elapsed:>6.2f} {100 * other / capacity:>6.1f} %")
    print(f"{'idle':<14} {idle / TICKS / elapsed:>6.2f} {100 * idle / capacity:>6.1f} %")


def main(argv):
    if len(argv) >= 3 and argv[1] == "start":
        groups = dict(a.split("=", 1) for a in argv[3:])
        with open(argv[2], "w") as f:
            json.dump(snapshot(groups), f)
    elif len(argv) == 3 and argv[1] == "stop":
        with open(argv[2]) as f:
            report(json.load(f))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
