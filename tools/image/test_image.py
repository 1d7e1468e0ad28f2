"""Tests of the container image (`make test-image`, part of `make test`): two containers of the image
against one throw-away PostgreSQL server on the host, as a site would run them.

- A challenge issued on one container verifies on the other, once; the verify is logged as one JSON
  line with its result, kind, client network and latency, and nothing secret.
- The store URL comes from a secret file (CAPTCHA_GEN_STORE_FILE); its password never shows in the logs.
- Docker's HEALTHCHECK (`captcha-gen healthcheck`) reports healthy.
- SIGTERM while a request is half sent: no new request is taken, the one in flight is answered, the
  container exits 0 within a few seconds.
- Bad configuration exits at start with one sentence and a sysexits code, inside the container.
- The image is FROM scratch: two binaries, the user files, the CA certificates; it runs as a user
  other than root.

Usage: test_image.py --image TAG --store postgres://USER@HOST:PORT/DB (HOST as containers reach it).
"""
import argparse
import json
import os
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

SUDO = [] if os.geteuid() == 0 else ["sudo"]
IMAGE = STORE = None
SECRET_PASSWORD = "not-a-real-password-4711"


def docker(*args, check=True, timeout=120):
    return subprocess.run([*SUDO, "docker", *args], capture_output=True, text=True, check=check, timeout=timeout)


def http(method, url, body=None, timeout=10):
    """(status, parsed JSON body) of one request."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


class Container:
    """One container of the image, its port 8080 published on a free loopback port."""

    def __init__(self, name, env, extra=()):
        self.name = name
        docker("rm", "-f", name, check=False)
        args = ["run", "-d", "--name", name, "-p", "127.0.0.1::8080", "--health-interval=1s",
                "--health-start-period=60s", *extra]
        for key, value in env.items():
            args += ["-e", f"{key}={value}"]
        docker(*args, IMAGE)
        port = docker("port", name, "8080/tcp").stdout.strip().splitlines()[0].rsplit(":", 1)[1]
        self.url = f"http://127.0.0.1:{port}"
        self.port = int(port)

    def wait_healthy(self, timeout=120):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            state = self.inspect("{{.State.Status}} {{.State.Health.Status}}")
            if state == "running healthy":
                return
            if not state.startswith("running"):
                raise AssertionError(f"{self.name} is {state}: {self.logs()}")
            time.sleep(0.5)
        raise AssertionError(f"{self.name} did not become healthy within {timeout} s: {self.logs()}")

    def inspect(self, template):
        return docker("inspect", "--format", template, self.name).stdout.strip()

    def logs(self):
        result = docker("logs", self.name, check=False)
        return result.stdout + result.stderr

    def remove(self):
        docker("rm", "-f", self.name, check=False)


def serve_env(**more):
    # CAPTCHA_GEN_POW=off: this test verifies from Python, which solves no proof of work (the proof of
    # work across two instances on PostgreSQL is tested by the XCTests and the browser tests).
    env = {"CAPTCHA_GEN_KIND": "slide", "CAPTCHA_GEN_POOL": "4", "CAPTCHA_GEN_DEV": "1", "CAPTCHA_GEN_POW": "off"}
    env.update(more)
    return env


def run_to_exit(env, extra=(), command=()):
    """Runs the image to its end; (exit status, standard error)."""
    args = ["run", "--rm", *extra]
    for key, value in env.items():
        args += ["-e", f"{key}={value}"]
    result = docker(*args, IMAGE, *command, check=False)
    return result.returncode, result.stderr


class ImageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.secrets = tempfile.mkdtemp(prefix="captcha-gen-image-")
        parts = urllib.parse.urlsplit(STORE)
        with_password = parts._replace(netloc=f"{parts.username}:{SECRET_PASSWORD}@{parts.hostname}:{parts.port}")
        cls.secret_file = os.path.join(cls.secrets, "store-url")
        with open(cls.secret_file, "w") as f:
            f.write(urllib.parse.urlunsplit(with_password) + "\n")
        os.chmod(cls.secrets, 0o755)
        os.chmod(cls.secret_file, 0o644)
        secret_mount = ["-v", f"{cls.secrets}:/run/secrets:ro"]
        cls.first = Container("captcha-gen-test-a", serve_env(CAPTCHA_GEN_STORE=STORE))
        cls.second = Container(
            "captcha-gen-test-b", serve_env(CAPTCHA_GEN_STORE_FILE="/run/secrets/store-url"), secret_mount)
        cls.first.wait_healthy()
        cls.second.wait_healthy()

    @classmethod
    def tearDownClass(cls):
        for container in (cls.first, cls.second):
            container.remove()
        for name in os.listdir(cls.secrets):
            os.unlink(os.path.join(cls.secrets, name))
        os.rmdir(cls.secrets)

    def test_1_issued_on_one_verified_on_the_other_once_and_logged(self):
        status, challenge = http("POST", self.first.url + "/v1/challenges", {})
        self.assertEqual(status, 200, challenge)
        target = challenge["answer"]["target"]
        status, verdict = http("POST", f"{self.second.url}/v1/challenges/{challenge['id']}/verify", target)
        self.assertEqual((status, verdict.get("pass")), (200, True), verdict)
        status, replay = http("POST", f"{self.first.url}/v1/challenges/{challenge['id']}/verify", target)
        self.assertEqual(status, 409, replay)

        logs = self.second.logs()
        lines = [json.loads(line) for line in logs.splitlines() if line.startswith("{")]
        verifies = [line for line in lines if line.get("message") == "verify"]
        self.assertEqual(len(verifies), 1, logs)
        entry = verifies[0]
        self.assertEqual((entry["result"], entry["kind"], entry["endpoint"]), ("pass", "slide", "verify"), entry)
        self.assertRegex(entry["client"], r"^\d+\.\d+\.\d+\.0/24$")
        self.assertGreater(float(entry["latency_ms"]), 0)
        self.assertNotIn(challenge["id"], logs, "the log holds no challenge id")
        self.assertNotIn(SECRET_PASSWORD, logs + self.first.logs(), "the store's password is never logged")

    def test_2_healthcheck_and_user(self):
        self.assertEqual(self.first.inspect("{{.State.Health.Status}}"), "healthy")
        result = docker("exec", self.first.name, "/usr/local/bin/captcha-gen", "healthcheck", check=False)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("healthy: 127.0.0.1:8080 answered 200", result.stdout)
        self.assertEqual(self.first.inspect("{{.Config.User}}"), "10001:10001")
        pid = self.first.inspect("{{.State.Pid}}")
        with open(f"/proc/{pid}/status") as status:
            uids = next(line for line in status if line.startswith("Uid:")).split()[1:]
        self.assertEqual(set(uids), {"10001"}, "serve runs as the image's user, not root")
        wrong = docker("exec", self.first.name, "/usr/local/bin/captcha-gen", "healthcheck", "--port", "9",
                       check=False)
        self.assertEqual(wrong.returncode, 1, "nothing listens on port 9: unhealthy")
        self.assertIn("captcha-gen: unhealthy: cannot connect to 127.0.0.1:9", wrong.stderr)

    def test_3_sigterm_answers_the_request_in_flight_then_exits_0(self):
        status, challenge = http("POST", self.first.url + "/v1/challenges", {})
        self.assertEqual(status, 200, challenge)
        body = json.dumps(challenge["answer"]["target"]).encode()
        connection = socket.create_connection(("127.0.0.1", self.first.port), timeout=10)
        head = (f"POST /v1/challenges/{challenge['id']}/verify HTTP/1.1\r\nHost: x\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode()
        connection.sendall(head + body[:3])
        time.sleep(0.5)
        signalled = time.monotonic()
        docker("kill", "--signal", "TERM", self.first.name)
        time.sleep(0.5)
        with self.assertRaises(Exception, msg="a new request after SIGTERM is not taken"):
            http("GET", self.first.url + "/healthz", timeout=3)
        connection.sendall(body[3:])
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            chunk = connection.recv(4096)
            if not chunk:
                break
            answer += chunk
        connection.close()
        self.assertTrue(answer.startswith(b"HTTP/1.1 200"), answer)
        self.assertIn(b'"pass":true', answer)
        code = docker("wait", self.first.name, timeout=30).stdout.strip()
        took = time.monotonic() - signalled
        self.assertEqual(code, "0", self.first.logs())
        self.assertLess(took, 10, f"exited {took:.1f} s after SIGTERM")
        print(f"\nSIGTERM to exit: {took:.1f} s", file=sys.stderr)

    def test_4_bad_configuration_exits_at_start_with_one_sentence(self):
        cases = [
            ({"CAPTCHA_GEN_STORE": f"mysql://app:{SECRET_PASSWORD}@db/app"}, (), 64,
             "expected memory or postgres://USER@HOST:PORT/DB"),
            ({"CAPTCHA_GEN_STORE": f"postgres://app:{SECRET_PASSWORD}@db:99999/app"}, (), 64,
             "a port is a number from 1 to 65535"),
            ({"CAPTCHA_GEN_STORE_FILE": "/run/secrets/missing"}, (), 66,
             "CAPTCHA_GEN_STORE_FILE names /run/secrets/missing, which cannot be read: No such file or directory."),
            ({"CAPTCHA_GEN_POOL": "none"}, (), 64, "CAPTCHA_GEN_POOL"),
            ({"CAPTCHA_GEN_PROT": "8080"}, (), 64, "CAPTCHA_GEN_PROT is not a serve setting"),
            ({"CAPTCHA_GEN_DEV": "yes"}, (), 64, "CAPTCHA_GEN_DEV is a switch: set it to 1 or 0"),
        ]
        for env, extra, status, sentence in cases:
            code, stderr = run_to_exit(env, extra)
            self.assertEqual(code, status, f"{env}: {stderr}")
            self.assertIn(sentence, stderr, env)
            self.assertNotIn(SECRET_PASSWORD, stderr, f"{env}: the password is printed")

    def test_5_a_port_in_use_exits_74(self):
        holder = socket.socket()
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        try:
            code, stderr = run_to_exit(
                {"CAPTCHA_GEN_HOST": "127.0.0.1", "CAPTCHA_GEN_PORT": str(port), "CAPTCHA_GEN_KIND": "slide"},
                ["--network", "host"])
        finally:
            holder.close()
        self.assertEqual(code, 74, stderr)
        self.assertIn(f"serve cannot listen on 127.0.0.1:{port}: the port is in use", stderr)

    def test_6_the_image_holds_only_what_serve_needs(self):
        created = docker("create", IMAGE).stdout.strip()
        try:
            exported = subprocess.run([*SUDO, "docker", "export", created], capture_output=True, check=True).stdout
        finally:
            docker("rm", created, check=False)
        with tempfile.TemporaryFile() as f:
            f.write(exported)
            f.seek(0)
            with tarfile.open(fileobj=f) as tar:
                files = sorted(m.name for m in tar.getmembers() if m.isfile() and m.size > 0)
        self.assertEqual(files, [
            "etc/group", "etc/passwd", "etc/ssl/certs/ca-certificates.crt",
            "usr/local/bin/captcha-gen", "usr/local/bin/captcha-gen-serve"])
        size = int(docker("image", "inspect", "--format", "{{.Size}}", IMAGE).stdout)
        print(f"\nimage {IMAGE}: {size / 1e6:.0f} MB", file=sys.stderr)


def main():
    global IMAGE, STORE
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--image", required=True)
    parser.add_argument("--store", required=True, help="the PostgreSQL URL as the containers reach it")
    args, rest = parser.parse_known_args()
    IMAGE, STORE = args.image, args.store
    unittest.main(argv=[sys.argv[0], "-v", *rest])


if __name__ == "__main__":
    main()
