"""`make bench-serve`: wrk on loopback (2 threads, 64 connections) against POST /v1/challenges served
from a full pool, then against verify with pre-issued ids. Prints requests/s and latency
percentiles, the pool's state after each run, and the machine's load (uptime). A benchmark, not a test.
"""
import argparse
import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(__file__))
from serve_process import ServeProcess  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def wrk(url, script, seconds, extra=()):
    command = ["wrk", "-t2", "-c64", f"-d{seconds}s", "--latency", "-s", script, url, *(["--", *extra] if extra else [])]
    print("$", " ".join(command), flush=True)
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    print(out, flush=True)
    figures = {"rps": float(re.search(r"Requests/sec:\s+(\S+)", out).group(1))}
    for pct in ("50", "90", "99"):
        m = re.search(r"^\s+%s%%\s+(\S+)" % pct, out, re.M)
        figures[f"p{pct}"] = m.group(1) if m else "?"
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    figures["non2xx"] = int(non2xx.group(1)) if non2xx else 0
    figures["requests"] = int(re.search(r"(\d+) requests in", out).group(1))
    return figures


def issue_ids(url, count):
    """Issues `count` challenges over one keep-alive connection; returns their ids."""
    parts = urllib.parse.urlparse(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port)
    ids = []
    for _ in range(count):
        connection.request("POST", "/v1/challenges", body="{}", headers={"Content-Type": "application/json"})
        ids.append(json.loads(connection.getresponse().read())["id"])
    return ids


def uptime():
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", required=True)
    parser.add_argument(
        "--pool", type=int, default=8000,
        help="challenges kept ready (per kind); must exceed the requests of one run, or requests wait for the refill")
    parser.add_argument("--seconds", type=int, default=1, help="length of each wrk run")
    parser.add_argument("--fill-timeout", type=int, default=900)
    parser.add_argument("--serve-arg", action="append", default=[], help="extra option for serve (repeatable)")
    parser.add_argument(
        "--pow-nonces", type=int, default=0,
        help="verify bodies carry a proof of work of this many (wrong) nonces, so that the server walks "
             "every one before it fails the answer (16: the default challenge's puzzles)")
    args = parser.parse_args()
    verify_body = json.dumps({"x": 100, **({"pow": {"nonces": list(range(args.pow_nonces))}} if args.pow_nonces else {})})

    server = ServeProcess(args.bin, ["--kind", "slide", "--pool", str(args.pool), "--ttl", "3600", *args.serve_arg])
    try:
        print(f"serve at {server.url}; filling a pool of {args.pool} slide challenges …", flush=True)
        fill = server.wait_for_pool("slide", args.pool, args.fill_timeout)
        print(f"pool full after {fill:.1f} s ({args.pool / fill:.0f} challenges/s made in the background)")
        print("load before issue run:", uptime(), flush=True)
        issue = wrk(server.url + "/v1/challenges", os.path.join(HERE, "issue.lua"), args.seconds)
        issue["depth_after"] = server.metric("captcha_pool_depth", "slide")
        issue["ran_dry"] = server.metric("captcha_pool_empty_total", "slide")

        print("refilling, then pre-issuing ids for verify …", flush=True)
        server.wait_for_pool("slide", args.pool, args.fill_timeout)
        ids = issue_ids(server.url, args.pool)
        with tempfile.NamedTemporaryFile("w", suffix=".ids", delete=False) as f:
            f.write("\n".join(ids) + "\n")
        print("load before verify run:", uptime(), flush=True)
        verify = wrk(server.url + "/", os.path.join(HERE, "verify.lua"), args.seconds, [f.name, "2", verify_body])
        os.unlink(f.name)
    finally:
        server.stop()

    print("\n== captcha-gen serve %s under wrk (loopback, 2 threads, 64 connections, %d s each)" % (
        " ".join(args.serve_arg), args.seconds))
    print("verify body:", verify_body)
    print(f"{'endpoint':<28}{'req/s':>10}{'p50':>10}{'p90':>10}{'p99':>10}{'non-2xx':>10}")
    print(f"{'POST /v1/challenges':<28}{issue['rps']:>10.0f}{issue['p50']:>10}{issue['p90']:>10}{issue['p99']:>10}{issue['non2xx']:>10}")
    print(f"{'POST /v1/challenges/ID/verify':<28}{verify['rps']:>10.0f}{verify['p50']:>10}{verify['p90']:>10}{verify['p99']:>10}{verify['non2xx']:>10}")
    print(f"pool after the issue run: depth {issue['depth_after']:.0f} of {args.pool}; "
          f"requests that found it empty: {issue['ran_dry']:.0f}")
    if verify["requests"] > len(ids):
        print(f"verify: {verify['requests']} requests for {len(ids)} ids: the repeats were 409 (counted as non-2xx)")
    print("load at the end:", uptime())


if __name__ == "__main__":
    main()
