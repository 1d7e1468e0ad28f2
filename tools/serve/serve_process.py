"""The one way the tools start `captcha-gen serve`, and the helper processes beside it.

ServeProcess runs `BINARY serve --port 0 ARGS` (the system picks a free port), reads the address from
the first line serve prints (`listening on http://HOST:PORT`), waits until GET /healthz answers 200
(the store answers too), sends serve's log (standard error) to a file, and stops it with SIGTERM (a
graceful stop: serve writes what it owes), then SIGKILL after `stop_seconds`. ListeningProcess does the
same for any program that prints `listening on URL` first (the test sites, the TLS proxy). Both are
context managers:

    with ServeProcess(".build/debug/captcha-gen", ["--dev", "--kind", "slide"], log_path="serve.log") as server:
        urllib.request.urlopen(server.url + "/v1/challenges", data=b"{}")
"""
import os
import re
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request

START_SECONDS = 60  # a debug build on a loaded machine, with PostgreSQL to reach
STOP_SECONDS = 20
LISTENING = re.compile(r"listening on (\S+)")


class StartError(RuntimeError):
    """A process did not start: what it printed instead, and the end of its log."""


class ListeningProcess:
    """A program that prints `listening on URL` as its first line; `url` is that URL.

    `log_path`: the file its standard error goes to (default: a temporary file, removed by stop()).
    `env`: its environment (default: this process's). Raises StartError when the first line does not
    come within `start_seconds` or is not `listening on URL`; the program is stopped then."""

    def __init__(self, command, log_path=None, env=None, start_seconds=START_SECONDS):
        self.command = [str(part) for part in command]
        self.temporary_log = log_path is None
        if self.temporary_log:
            handle, log_path = tempfile.mkstemp(prefix="captcha-gen-process-", suffix=".log")
            os.close(handle)
        self.log_path = log_path
        self.log = open(log_path, "w")
        self.process = subprocess.Popen(self.command, stdout=subprocess.PIPE, stderr=self.log, text=True, env=env)
        self._drain = None
        self.url = self._read_address(start_seconds)
        # Keep reading standard output, so the program never blocks on a full pipe.
        self._drain = threading.Thread(target=self.process.stdout.read, daemon=True)
        self._drain.start()

    def _read_address(self, seconds):
        found = {}
        reader = threading.Thread(target=lambda: found.setdefault("line", self.process.stdout.readline()),
                                  daemon=True)
        reader.start()
        reader.join(seconds)
        line = found.get("line")
        match = LISTENING.match(line or "")
        if not match:
            said = f"printed {line!r}" if line is not None else f"printed nothing in {seconds:g} s"
            self.fail(f"{said} instead of 'listening on URL'")
        return match.group(1).rstrip("/")

    def fail(self, what):
        """Stops the program and raises StartError with `what`, the command and the end of its log."""
        self.stop(keep_log=True)
        raise StartError(f"{' '.join(self.command)} {what}; the end of its log ({self.log_path}):\n"
                         f"{self.log_tail()}")

    def log_tail(self, lines=20):
        """The last `lines` lines of the log."""
        try:
            with open(self.log_path, errors="replace") as log:
                return "".join(log.readlines()[-lines:])
        except OSError:
            return ""

    def stop(self, keep_log=False, stop_seconds=STOP_SECONDS):
        """SIGTERM, then SIGKILL after `stop_seconds`; closes the log (a temporary one is removed unless
        `keep_log`). Safe to call twice."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(stop_seconds)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self._drain:
            self._drain.join(5)
        if not self.process.stdout.closed:
            self.process.stdout.close()
        if not self.log.closed:
            self.log.close()
            if self.temporary_log and not keep_log:
                os.remove(self.log_path)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()


class ServeProcess(ListeningProcess):
    """`BINARY serve --port 0 ARGS`, ready once GET /healthz answers 200."""

    def __init__(self, binary, args=(), log_path=None, env=None, start_seconds=START_SECONDS):
        super().__init__([binary, "serve", "--port", "0", *args], log_path, env, start_seconds)
        self._wait_healthy(start_seconds)

    def _wait_healthy(self, seconds):
        deadline = time.monotonic() + seconds
        answer = None
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=5) as response:
                    if response.status == 200:
                        return
            except urllib.error.HTTPError as error:
                answer = f"{error.code} {error.read()[:200]!r}"
            except OSError as error:
                answer = str(error)
            if self.process.poll() is not None:
                self.fail(f"exited ({self.process.returncode}) before /healthz answered")
            time.sleep(0.2)
        self.fail(f"/healthz did not answer 200 in {seconds:g} s (last: {answer})")

    def metric(self, name, kind):
        """The value of metric `name{kind="KIND"}` from /metrics (None when absent)."""
        text = urllib.request.urlopen(self.url + "/metrics", timeout=30).read().decode()
        match = re.search(r'^%s\{kind="%s"\} (\S+)$' % (re.escape(name), kind), text, re.M)
        return float(match.group(1)) if match else None

    def wait_for_pool(self, kind, depth, timeout):
        """Waits until the pool of `kind` holds `depth` challenges; returns the seconds it took."""
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            if (self.metric("captcha_pool_depth", kind) or 0) >= depth:
                return time.monotonic() - started
            time.sleep(0.5)
        raise RuntimeError(f"the {kind} pool did not reach {depth} within {timeout} s")
