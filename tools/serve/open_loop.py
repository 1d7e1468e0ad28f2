"""An open-loop load generator for `captcha-gen serve`: challenges are issued at a fixed rate, on a
schedule set before the run starts, whatever the server does; each is verified a fixed delay after
its issue was due (or as soon as its id is known, if the issue was answered later). A slow server
therefore meets more requests at once instead of fewer (a closed-loop tool such as wrk waits for an
answer before it sends the next request, which hides queueing). Latency is measured from the time a
request was due, not from when it could be sent, so time spent waiting for the generator or a
connection counts against the server (no coordinated omission).

Plain asyncio and HTTP/1.1 over keep-alive connections; a request that finds no idle connection
opens a new one. At the rates serve sustains on a small machine (tens to hundreds of requests per
second) one Python process keeps the schedule: the lag between a request's due time and its send
is reported, with the generator's own CPU time.
"""
import asyncio
import json
import resource
import time
import urllib.parse


class Connections:
    """Idle keep-alive connections to one server; `get` opens a new one when none is idle."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.idle = []
        self.opened = 0

    async def get(self):
        while self.idle:
            reader, writer = self.idle.pop()
            if not writer.is_closing() and not reader.at_eof():
                return reader, writer
        self.opened += 1
        return await asyncio.open_connection(self.host, self.port)

    def put(self, connection):
        self.idle.append(connection)

    def close(self):
        for _, writer in self.idle:
            writer.close()
        self.idle = []


async def request(connections, method, path, body):
    """One request; returns (status, body bytes). Raises on a connection failure."""
    reader, writer = await connections.get()
    data = body.encode()
    head = (f"{method} {path} HTTP/1.1\r\nHost: {connections.host}:{connections.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n").encode()
    try:
        writer.write(head + data)
        await writer.drain()
        status_line = await reader.readline()
        if not status_line:
            raise ConnectionError("the server closed the connection")
        status = int(status_line.split()[1])
        length, close = 0, False
        while True:
            line = await reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value.strip())
            elif name == "connection" and value.strip().lower() == "close":
                close = True
        payload = await reader.readexactly(length) if length else b""
    except BaseException:
        writer.close()
        raise
    if close:
        writer.close()
    else:
        connections.put((reader, writer))
    return status, payload


def right_answer(challenge):
    """The verify body that answers a `--dev` challenge correctly (the answer is in the response)."""
    answer = challenge.get("answer") or {}
    kind = challenge.get("kind")
    if kind == "rotate":
        return {"angle": answer["angle"]}
    if kind == "pattern":
        dots = answer["dots"]
        return {"path": [[dots[i]["x"], dots[i]["y"]] for i in answer["sequence"]]}
    target = answer.get("target") or {"x": 0, "y": 0}
    return {"x": target["x"], "y": target["y"]}


class Recorder:
    """Latencies (seconds from due time to the whole answer, and from the moment the request was
    handed to the socket) and failures of one request type."""

    def __init__(self):
        self.latencies, self.from_send, self.errors, self.statuses = [], [], [], {}

    def add(self, due, sent, status=None, error=None):
        now = time.monotonic()
        self.latencies.append(now - due)
        self.from_send.append(now - sent)
        if status is not None:
            self.statuses[status] = self.statuses.get(status, 0) + 1
        if error is not None:
            self.errors.append(error)

    def summary(self):
        values, sent = sorted(self.latencies), sorted(self.from_send)

        def pct(p, of=values):
            return of[min(len(of) - 1, int(p / 100 * len(of)))] * 1000 if of else None
        failed = sum(n for s, n in self.statuses.items() if s >= 400) + len(self.errors)
        return {"requests": len(values), "p50_ms": pct(50), "p90_ms": pct(90), "p99_ms": pct(99),
                "max_ms": values[-1] * 1000 if values else None,
                "sent_p50_ms": pct(50, sent), "sent_p99_ms": pct(99, sent), "failed": failed,
                "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
                "connection_errors": len(self.errors), "first_error": self.errors[0] if self.errors else None}


async def run(url, rate, seconds, kind=None, verify_delay=0.2, drain=10.0):
    """Issues `rate` challenges per second for `seconds` and verifies each; returns the figures."""
    parts = urllib.parse.urlparse(url)
    connections = Connections(parts.hostname, parts.port)
    issue, verify = Recorder(), Recorder()
    passes, lags = [0], []
    body = json.dumps({"kind": kind} if kind else {})
    tasks = set()

    async def one(due):
        sent = time.monotonic()
        try:
            status, payload = await request(connections, "POST", "/v1/challenges", body)
        except Exception as error:  # noqa: BLE001 — every failure is counted and reported
            issue.add(due, sent, error=repr(error))
            return
        issue.add(due, sent, status=status)
        if status != 200:
            return
        challenge = json.loads(payload)
        verify_due = max(due + verify_delay, time.monotonic())
        await asyncio.sleep(max(0.0, verify_due - time.monotonic()))
        answer = json.dumps(right_answer(challenge))
        sent = time.monotonic()
        try:
            status, payload = await request(connections, "POST", f"/v1/challenges/{challenge['id']}/verify", answer)
        except Exception as error:  # noqa: BLE001
            verify.add(verify_due, sent, error=repr(error))
            return
        verify.add(verify_due, sent, status=status)
        if status == 200 and json.loads(payload).get("pass"):
            passes[0] += 1

    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.monotonic() + 0.1
    total = int(rate * seconds)
    for i in range(total):
        due = start + i / rate
        delay = due - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        lags.append(time.monotonic() - due)
        task = asyncio.create_task(one(due))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    sent_for = time.monotonic() - start
    if tasks:
        done, pending = await asyncio.wait(set(tasks), timeout=drain + verify_delay)
        for task in pending:
            task.cancel()
    connections.close()
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    lags.sort()
    return {
        "rate": rate, "seconds": seconds, "scheduled": total, "sent_for_s": sent_for,
        "issue": issue.summary(), "verify": verify.summary(), "passes": passes[0],
        "unanswered": total - len(issue.latencies),
        "send_lag_p99_ms": lags[int(0.99 * (len(lags) - 1))] * 1000 if lags else None,
        "send_lag_max_ms": lags[-1] * 1000 if lags else None,
        "connections_opened": connections.opened,
        "generator_cpu_s": cpu, "generator_cpu_share": cpu / max(sent_for, 1e-9),
    }


def main():
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the server, e.g. http://127.0.0.1:8080")
    parser.add_argument("--rate", type=float, required=True, help="challenges issued (and verified) per second")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--kind")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.url, args.rate, args.seconds, args.kind)), indent=2))


if __name__ == "__main__":
    main()
