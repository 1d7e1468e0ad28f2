"""The funnel, end to end: a scripted sequence against two `captcha-gen serve` processes sharing one
PostgreSQL, on a site with a look experiment (looks a and b, b stepped), comes back exactly, per look,
from `captcha-gen report --json` and from the admin endpoint of either instance (the same bytes from
all three); the endpoint refuses a request without the token and never shows a token, an answer or an
address; an instance writes its counts at a graceful stop (each one sums them in memory and writes
them every few seconds).

    python3 -m tools.analytics.funnel_test --bin .build/debug/captcha-gen --store postgres://captcha@127.0.0.1:54329/postgres

Standard library only. The serve instances run with --dev (the test reads the answers) and --pow off
(it solves no proof of work); a challenge lives 4 s, so the abandoned ones are swept within seconds.
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request
import uuid

from tools.serve.serve_process import ServeProcess

ARGS = None
TTL = 4
ADMIN_TOKEN = "funnel-test-admin-" + uuid.uuid4().hex
SECRET = "funnel-test-secret-" + uuid.uuid4().hex
SITE = "shop"

# The scripted sequence (site shop, kind slide; each challenge drawn under look a or b), and what the
# report must say of it per look.
FIRST_TRY_PASSES = 5
SECOND_ATTEMPT_PASSES = 2  # each after a failure on attempt 1
LONE_FAILURES = 1  # a failure on attempt 1 with no retry
ABANDONS = 3
SITEVERIFY_SUCCESSES = 4
REPLAYS = 2
DRIVEN_PASSES = 2  # a browser that says navigator.webdriver: automation


def request(url, body=None, headers=None, timeout=30):
    """(status, parsed JSON or text) of a GET, or a POST of `body` as JSON."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as answer:
            status, text = answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    try:
        return status, json.loads(text), text
    except ValueError:
        return status, None, text


def create_database(url):
    """A new, empty database on the server of `url`; its URL."""
    name = "funnel_" + uuid.uuid4().hex[:12]
    subprocess.run(["psql", url, "-q", "-c", f"CREATE DATABASE {name}"], check=True, capture_output=True)
    return url.rsplit("/", 1)[0] + "/" + name


class FunnelTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="funnel-test-")
        cls.store = create_database(ARGS.store)
        sites = {"sites": [{"sitekey": SITE, "secret_sha256": hashlib.sha256(SECRET.encode()).hexdigest(),
                            "hostnames": ["*"],
                            "looks": [{"name": "a", "weight": 1}, {"name": "b", "weight": 1, "steps": 8}]}]}
        sites_path = os.path.join(cls.folder, "sites.json")
        with open(sites_path, "w") as f:
            json.dump(sites, f)
        cls.token_path = os.path.join(cls.folder, "admin.token")
        with open(cls.token_path, "w") as f:
            f.write(ADMIN_TOKEN + "\n")
        common = ["--store", cls.store, "--sites", sites_path, "--test-keys", "--dev", "--pow", "off",
                  "--kind", "slide", "--pool", "4", "--ttl", str(TTL), "--admin-token-file", cls.token_path]
        cls.servers = [ServeProcess(ARGS.bin, common, os.path.join(cls.folder, f"serve-{i}.log")) for i in range(2)]
        cls.started = time.time()

    @classmethod
    def tearDownClass(cls):
        for server in cls.servers:
            server.stop()

    def issue(self, server, client=None, tally=None):
        """A new challenge for the site; `tally[look]["issued"]` counts it under its look."""
        body = {"sitekey": SITE}
        if client:
            body["client"] = client
        status, challenge, text = request(server.url + "/v1/challenges", body)
        self.assertEqual(status, 200, text)
        challenge["look"] = "b" if "steps" in challenge else "a"  # look b is the stepped one
        if tally is not None:
            tally[challenge["look"]]["issued"] += 1
        return challenge

    def verify(self, server, challenge, right, attempt, webdriver=False):
        answer = challenge["answer"]
        if "steps" in answer:
            index, count = answer["steps"]["index"], answer["steps"]["count"]
            body = {"step": index if right else (index + 1) % count}
        else:
            target = answer["target"]
            x = target["x"] if right else (target["x"] - 50 if target["x"] > 60 else target["x"] + 50)
            body = {"x": x, "y": target["y"]}
        body["client"] = {"attempt": attempt, "shown_ms": 150, "solve_ms": 2500, "webdriver": webdriver}
        status, verdict, text = request(server.url + f"/v1/challenges/{challenge['id']}/verify", body)
        self.assertEqual(status, 200, text)
        self.assertEqual(verdict["pass"], right, text)
        return verdict.get("token")

    def siteverify(self, server, token, secret=SECRET):
        status, answer, text = request(server.url + "/v1/siteverify", {"secret": secret, "response": token})
        self.assertEqual(status, 200, text)
        return answer["success"]

    def admin_report(self, server, query, token=ADMIN_TOKEN):
        headers = {"Authorization": "Bearer " + token} if token else {}
        return request(server.url + "/admin/v1/report?" + urllib.parse.urlencode(query, quote_via=urllib.parse.quote), headers=headers)

    def cli_report(self, *args):
        return subprocess.run([ARGS.bin, "report", *args],
                              capture_output=True, text=True, timeout=60)

    def test_scripted_counts_come_back_exactly_everywhere(self):
        a, b = self.servers
        keys = ["issued", "attempted", "first_attempts", "passed_first", "passed_later", "failed", "tokens",
                "siteverify_success", "replays"]
        tally = {look: dict.fromkeys(keys, 0) for look in "ab"}

        def answered(challenge, right, attempt, server):
            counts = tally[challenge["look"]]
            counts["attempted"] += 1
            counts["first_attempts"] += attempt == 1
            token = self.verify(server, challenge, right=right, attempt=attempt)
            if right:
                counts["passed_first" if attempt == 1 else "passed_later"] += 1
                counts["tokens"] += 1
            else:
                counts["failed"] += 1
            return token

        tokens = []
        for i in range(FIRST_TRY_PASSES):  # issued on one instance, answered on the other
            challenge = self.issue([a, b][i % 2], tally=tally)
            tokens.append((challenge["look"], answered(challenge, True, 1, [b, a][i % 2])))
        for i in range(SECOND_ATTEMPT_PASSES):
            answered(self.issue(a, tally=tally), False, 1, a)
            challenge = self.issue(b, tally=tally)
            tokens.append((challenge["look"], answered(challenge, True, 2, b)))
        for _ in range(LONE_FAILURES):
            answered(self.issue(a, tally=tally), False, 1, b)
        abandoned = {"a": 0, "b": 0}
        for i in range(ABANDONS):
            abandoned[self.issue([a, b][i % 2], tally=tally)["look"]] += 1
        for i in range(DRIVEN_PASSES):
            challenge = self.issue(a, client={"webdriver": True})
            self.verify(b, challenge, right=True, attempt=1, webdriver=True)
        for i in range(SITEVERIFY_SUCCESSES):
            self.assertTrue(self.siteverify([a, b][i % 2], tokens[i][1]))
            tally[tokens[i][0]]["siteverify_success"] += 1
        for i in range(REPLAYS):
            self.assertFalse(self.siteverify([b, a][i % 2], tokens[i][1]))
            tally[tokens[i][0]]["replays"] += 1
        self.assertTrue(self.siteverify(a, "anything", secret="test-secret-always-pass"))
        tokens = [token for _, token in tokens]

        since = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.started - 600))
        until = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 600))
        query = {"site": SITE, "since": since, "until": until}
        deadline = time.monotonic() + TTL + 30
        while True:  # the abandoned challenges are counted by a sweep a few seconds after they expire
            self.assertEqual(self.admin_report(b, query)[0], 200)  # b writes what it owes before a reads
            status, report, text = self.admin_report(a, query)
            self.assertEqual(status, 200, text)
            rows = report["sites"][0]["rows"]
            people = {r["look"]: r for r in rows if r["audience"] == "people"}
            if sum(r["abandoned"] for r in people.values()) == ABANDONS or time.monotonic() > deadline:
                break
            time.sleep(1)

        self.assertEqual(sum(t["issued"] for t in tally.values()),
                         FIRST_TRY_PASSES + 2 * SECOND_ATTEMPT_PASSES + LONE_FAILURES + ABANDONS)
        self.assertEqual(set(people), {look for look in "ab" if tally[look]["issued"]})
        for look, row in people.items():
            counts = tally[look]
            with self.subTest(look=look):
                self.assertEqual(row["kind"], "slide")
                self.assertEqual(row["issued"], counts["issued"])
                self.assertEqual(row["shown"], counts["attempted"])
                self.assertEqual(row["attempted"], counts["attempted"])
                self.assertEqual(row["passed_first"], counts["passed_first"])
                self.assertEqual(row["passed_later"], counts["passed_later"])
                self.assertEqual(sum(row["failed"].values()), counts["failed"])
                self.assertEqual(row["abandoned"], abandoned[look])
                self.assertEqual(row["tokens"], counts["tokens"])
                self.assertEqual(row["siteverify_success"], counts["siteverify_success"])
                self.assertEqual(row["siteverify_failure"],
                                 {"timeout-or-duplicate": counts["replays"]} if counts["replays"] else {})
                self.assertEqual(sum(row["levels"].values()), counts["issued"])
                if counts["first_attempts"]:
                    self.assertAlmostEqual(row["first_try_rate"]["value"],
                                           counts["passed_first"] / counts["first_attempts"], places=4)
                if counts["attempted"]:
                    self.assertTrue(2000 <= row["solve_ms"]["p50"] <= 3000, row["solve_ms"])
        driven = [r for r in rows if r["audience"] == "automation"]
        self.assertEqual(sum(r["issued"] for r in driven), DRIVEN_PASSES)
        self.assertEqual(sum(r["passed_first"] for r in driven), DRIVEN_PASSES)
        self.assertEqual(sum(r["tokens"] for r in driven), DRIVEN_PASSES)

        # The same bytes from the other instance and from the command line.
        _, _, from_a = self.admin_report(a, query)
        _, _, from_b = self.admin_report(b, query)
        cli = self.cli_report("--store", self.store, "--site", SITE, "--since", since, "--until", until, "--json")
        self.assertEqual(cli.returncode, 0, cli.stderr)
        self.assertEqual(from_b, from_a)
        self.assertEqual(cli.stdout.strip(), from_a)
        via_serve = self.cli_report("--serve", b.url, "--admin-token-file", self.token_path, "--site", SITE,
                                    "--since", since, "--until", until, "--json")
        self.assertEqual(via_serve.returncode, 0, via_serve.stderr)
        self.assertEqual(via_serve.stdout.strip(), from_a)
        table = self.cli_report("--store", self.store, "--site", SITE, "--since", since, "--until", until)
        self.assertEqual(table.returncode, 0, table.stderr)
        self.assertRegex(table.stdout, r"shop +slide +[ab] +people")

        # Nothing of a person in the report: no token, answer, id or address.
        for secret in [t for t in tokens if t] + [ADMIN_TOKEN, "127.0.0.1", '"answer"', '"target"']:
            self.assertNotIn(secret, from_a)
        test_key = self.admin_report(a, {"site": "test-always-pass", "since": since, "until": until})[1]
        self.assertEqual(test_key["sites"][0]["rows"][0]["audience"], "automation")
        self.assertEqual(test_key["sites"][0]["rows"][0]["siteverify_success"], 1)

    def test_a_graceful_stop_writes_what_the_instance_owes(self):
        store = create_database(ARGS.store)
        sites_path = os.path.join(self.folder, "sites.json")
        server = ServeProcess(ARGS.bin, ["--store", store, "--sites", sites_path, "--pow", "off", "--kind", "slide",
                                         "--pool", "2", "--analytics-flush-interval", "1h"],
                              os.path.join(self.folder, "serve-stopped.log"))
        try:
            for _ in range(3):
                self.issue(server)
            before = self.cli_report("--store", store, "--json")
            self.assertEqual(before.returncode, 0, before.stderr)
            self.assertEqual(json.loads(before.stdout)["sites"], [], "an hour's interval: nothing written yet")
        finally:
            server.stop()
        self.assertEqual(server.process.returncode, 0)
        after = self.cli_report("--store", store, "--site", SITE, "--json")
        self.assertEqual(after.returncode, 0, after.stderr)
        rows = json.loads(after.stdout)["sites"][0]["rows"]
        self.assertEqual(sum(r["issued"] for r in rows), 3)

    def test_the_endpoint_refuses_without_the_token_and_words_bad_input(self):
        a, b = self.servers
        for token in [None, "wrong-" + ADMIN_TOKEN]:
            status, answer, text = self.admin_report(b, {"site": SITE}, token=token)
            self.assertEqual(status, 401, text)
            self.assertNotIn(ADMIN_TOKEN, text)
        status, answer, _ = self.admin_report(a, {"site": "nosuch"})
        self.assertEqual((status, answer["error"]), (400, 'site "nosuch" is unknown here'))
        status, answer, _ = self.admin_report(a, {"since": "last week"})
        self.assertEqual(status, 400)
        self.assertIn('"since" is "last week"', answer["error"])
        # A time with an offset, its + unencoded as curl and an address bar send it, and encoded.
        for since in ["2026-12-01T01:00:00+01:00", "2026-12-01T01%3A00%3A00%2B01%3A00"]:
            status, answer, text = request(a.url + "/admin/v1/report?site=shop&since=" + since,
                                           headers={"Authorization": "Bearer " + ADMIN_TOKEN})
            self.assertEqual(status, 200, text)
            self.assertEqual(answer["since"], "2026-12-01T00:00:00Z")
        unknown = self.cli_report("--store", self.store, "--site", "nosuch")
        self.assertEqual(unknown.returncode, 64, unknown.stderr)
        self.assertEqual(unknown.stderr.strip(),
                         "captcha-gen: --site nosuch: no site of that key has ever been counted in this store")
        wrong = os.path.join(self.folder, "wrong.token")
        with open(wrong, "w") as f:
            f.write("wrong\n")
        refused = self.cli_report("--serve", a.url, "--admin-token-file", wrong)
        self.assertEqual(refused.returncode, 77, refused.stderr)
        self.assertIn("refused the admin token", refused.stderr)


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the captcha-gen binary (captcha-gen-serve beside it)")
    parser.add_argument("--store", required=True, help="a PostgreSQL server's URL (a database is made on it)")
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest], verbosity=2)


if __name__ == "__main__":
    main()
