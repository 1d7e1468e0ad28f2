"""The launcher every tool starts serve with (serve_process.py), on real processes: a program that
says where it listens is reachable there and stopped cleanly; one that prints something else, prints
nothing, or whose /healthz does not answer 200 is refused with what it did and the end of its log,
and is not left running.

And ServeProcess on captcha-gen's own serve (BIN, default .build/debug/captcha-gen): it answers,
and SIGTERM stops it gracefully (exit 0). Standard library only:

    BIN=.build/debug/captcha-gen python3 -m unittest -v tools.serve.test_serve_process    (make check-tools)
"""
import os
import sys
import tempfile
import unittest
import urllib.request

from tools.serve.serve_process import ListeningProcess, ServeProcess, StartError

# An HTTP server on a free port that prints `listening on URL` and answers every GET with STATUS.
SERVER = """
import http.server, sys
status = int(sys.argv[1])
class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(status)
        self.end_headers()
        self.wfile.write(b"from the test server")
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
print("warming up", file=sys.stderr, flush=True)
print(f"listening on http://127.0.0.1:{server.server_port}", flush=True)
server.serve_forever()
"""


class FakeServe:
    """A `BINARY serve --port 0 ...` that is the server above, answering /healthz with `status`."""

    def __init__(self, status):
        self.path = os.path.join(tempfile.mkdtemp(prefix="serve-process-test-"), "fake-captcha-gen")
        with open(self.path, "w") as f:
            f.write(f"#!{sys.executable}\n{SERVER.replace('int(sys.argv[1])', str(status))}")
        os.chmod(self.path, 0o755)


class ListeningProcessTest(unittest.TestCase):
    def test_a_program_that_says_where_it_listens_is_reachable_there_and_stops(self):
        with ListeningProcess([sys.executable, "-c", SERVER, "200"]) as process:
            with urllib.request.urlopen(process.url + "/", timeout=10) as answer:
                self.assertEqual(answer.read(), b"from the test server")
            log = process.log_path
        self.assertIsNotNone(process.process.returncode, "stopped on leaving the block")
        self.assertFalse(os.path.exists(log), "a temporary log goes with the process")

    def test_a_program_that_prints_something_else_is_refused_with_its_log(self):
        command = [sys.executable, "-c", "import sys; print('oops', file=sys.stderr); print('hello')"]
        with self.assertRaises(StartError) as raised:
            ListeningProcess(command)
        message = str(raised.exception)
        self.assertIn("printed 'hello\\n' instead of 'listening on URL'", message)
        self.assertIn("oops", message, "the end of its log")

    def test_a_program_that_prints_nothing_is_refused_in_time_and_stopped(self):
        command = [sys.executable, "-c", "import time; time.sleep(60)"]
        processes = []

        class Recorded(ListeningProcess):
            def fail(self, what):
                processes.append(self.process)
                super().fail(what)

        with self.assertRaises(StartError) as raised:
            Recorded(command, start_seconds=1)
        self.assertIn("printed nothing in 1 s", str(raised.exception))
        self.assertIsNotNone(processes[0].poll(), "the program is not left running")

    def test_the_log_goes_to_the_file_given(self):
        path = os.path.join(tempfile.mkdtemp(prefix="serve-process-test-"), "server.log")
        with ListeningProcess([sys.executable, "-c", SERVER, "200"], path):
            pass
        with open(path) as log:
            self.assertEqual(log.read(), "warming up\n")


class ServeProcessTest(unittest.TestCase):
    def test_serve_is_ready_once_healthz_answers_200(self):
        binary = FakeServe(200).path
        with ServeProcess(binary, ["--kind", "slide"]) as server:
            self.assertEqual(server.command[1:], ["serve", "--port", "0", "--kind", "slide"])
            self.assertRegex(server.url, r"^http://127\.0\.0\.1:\d+$")

    def test_serve_whose_healthz_does_not_answer_200_is_refused(self):
        binary = FakeServe(503).path
        with self.assertRaises(StartError) as raised:
            ServeProcess(binary, start_seconds=2)
        self.assertIn("/healthz did not answer 200 in 2 s (last: 503", str(raised.exception))

    def test_captcha_gens_serve_starts_answers_and_stops_gracefully(self):
        binary = os.environ.get("BIN", ".build/debug/captcha-gen")
        self.assertTrue(os.access(binary, os.X_OK), f"{binary} is not a built captcha-gen (make build; or set BIN)")
        with ServeProcess(binary, ["--kind", "slide", "--pool", "2", "--pow", "off"]) as server:
            with urllib.request.urlopen(server.url + "/v1/challenges", data=b"{}", timeout=60) as answer:
                self.assertEqual(answer.status, 200)
            self.assertIsNotNone(server.metric("captcha_pool_depth", "slide"))
        self.assertEqual(server.process.returncode, 0, "SIGTERM is a graceful stop")


if __name__ == "__main__":
    unittest.main()
