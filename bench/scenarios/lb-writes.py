#!/usr/bin/env python3
"""Committed writes through a load balancer, each with a key of its own, recording which ones were acknowledged.

    lb-writes.py URL DB TABLE SECONDS WRITERS ACKED_FILE

Each writer loops for SECONDS: POST /sql with {"execute": true} (the preview), then the same SQL with its
confirm_token (the commit), `INSERT INTO TABLE (k) VALUES ('<key>')` with a key no other write uses. A key whose
confirm answered "committed" is acknowledged and written to ACKED_FILE; a confirm that got no answer (the replica
died under it, the proxy answered 502) is in doubt and listed with `?`. The caller then checks in the database that
every acknowledged key is there once and none is there twice. Prints a JSON summary. Standard library only.
"""
import json
import sys
import threading
import time
import urllib.error
import urllib.request


def post(url, body):
    req = urllib.request.Request(url + "/sql", data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        try:
            return e.code, json.loads(e.read())
        except ValueError:
            return e.code, None
    except OSError as e:  # refused, reset: no answer
        return None, str(e)


def writer(n, url, db, table, until, out, counts, lock):
    i = 0
    while time.time() < until:
        i += 1
        key = f"w{n}-{i}"
        sql = f"INSERT INTO {table} (k) VALUES ('{key}')"
        status, preview = post(url, {"db": db, "sql": sql, "execute": True})
        if status != 200 or not isinstance(preview, dict) or "confirm_token" not in preview:
            record(counts, lock, f"preview {status}")
            continue
        status, answer = post(url, {"db": db, "sql": sql, "confirm_token": preview["confirm_token"]})
        if status == 200 and answer.get("status") == "committed":
            outcome = "acknowledged"
            out.append(key)
        elif status is None or status >= 502:
            outcome = f"in doubt ({status})"
            out.append("?" + key)
        else:
            code = answer.get("error", {}).get("code") if isinstance(answer, dict) else None
            outcome = f"confirm refused {status} {code}"
        record(counts, lock, outcome)


def record(counts, lock, outcome):
    with lock:
        counts[outcome] = counts.get(outcome, 0) + 1


def main(argv):
    if len(argv) != 7:
        sys.exit(__doc__)
    url, db, table, seconds, writers, acked_file = argv[1:]
    until = time.time() + float(seconds)
    counts, lock, keys = {}, threading.Lock(), []
    threads = [threading.Thread(target=writer, args=(n, url, db, table, until, keys, counts, lock))
               for n in range(int(writers))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with open(acked_file, "w") as f:
        f.write("\n".join(keys) + "\n")
    print(json.dumps(counts, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv)
