"""Start `captcha-gen serve --port 0` and learn its address from the first line it prints."""
import re
import subprocess
import time
import urllib.request


class ServeProcess:
    def __init__(self, binary, args, stderr_path=None):
        """`stderr_path`: a file for the server's log (default: discarded)."""
        self.log = open(stderr_path, "w") if stderr_path else subprocess.DEVNULL
        self.process = subprocess.Popen(
            [binary, "serve", "--port", "0", *args], stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.process.stdout.readline()
        match = re.match(r"listening on (http://\S+)", line)
        if not match:
            self.stop()
            raise SystemExit(f"serve did not print its address (got {line!r})")
        self.url = match.group(1)

    def metric(self, name, kind):
        """The value of metric `name{kind="KIND"}` from /metrics."""
        text = urllib.request.urlopen(self.url + "/metrics").read().decode()
        match = re.search(r'^%s\{kind="%s"\} (\S+)$' % (re.escape(name), kind), text, re.M)
        return float(match.group(1)) if match else None

    def wait_for_pool(self, kind, depth, timeout):
        """Waits until the pool of `kind` holds `depth` challenges; returns the seconds it took."""
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            if (self.metric("captcha_pool_depth", kind) or 0) >= depth:
                return time.monotonic() - started
            time.sleep(0.5)
        raise SystemExit(f"the {kind} pool did not reach {depth} within {timeout} s")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
        if self.log is not subprocess.DEVNULL:
            self.log.close()
