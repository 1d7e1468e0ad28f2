"""The widget's proof-of-work solver (Sources/CaptchaServe/Resources/pow-worker.js) in headless
Chromium, inside a Web Worker as the widget runs it, against Fixtures/pow-vectors.json (the vectors
the Swift tests, the node tests and the native solver's self-check read too): scrypt against RFC
7914's vectors, the table, walks and first solving nonces.

    python -m tools.pow.pow_browser_test [--chromium /usr/bin/chromium] [--chromedriver /usr/bin/chromedriver]
"""

import argparse
import json
import os
import sys
import unittest

from tools.pow.pow_browser import PowPage

ARGS = None
PAGE = None
FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Fixtures", "pow-vectors.json")
with open(FIXTURE) as _file:
    VECTORS = json.load(_file)


def setUpModule():
    global PAGE
    PAGE = PowPage(ARGS.chromium, ARGS.chromedriver)


def tearDownModule():
    PAGE.close()


class ScryptVectors(unittest.TestCase):
    def test_rfc7914_vectors(self):
        for v in VECTORS["scrypt"]:
            answer = PAGE.call("powWorker", {"type": "scrypt", "password": list(v["password"].encode()),
                                             "salt": list(v["salt"].encode()), "n": v["n"], "r": v["r"],
                                             "p": v["p"], "length": len(v["hex"]) // 2})
            self.assertEqual(answer, {"type": "scrypt", "hex": v["hex"]}, v["source"])


class TableWalk(unittest.TestCase):
    # The default table's case: what a browser builds for every challenge.
    CASE = VECTORS["cases"][0]
    POW = CASE["pow"]

    def test_table_and_walks_match_the_fixture(self):
        words, walks = PAGE.run("""
            const P = window.CaptchaGenPow, c = arguments[0], table = P.buildTable(c.pow.table_log2);
            const salt = P.saltBytes(c.pow.salt), hex = (w) => (w >>> 0).toString(16).padStart(8, '0');
            return [c.table_words.map((w) => hex(table[w.index])),
                    c.walks.map((w) => hex(P.walk(table, P.puzzleKey(salt, w.puzzle), w.nonce, c.pow.steps)))];
        """, self.CASE)
        self.assertEqual(words, [w["word"] for w in self.CASE["table_words"]])
        self.assertEqual(walks, [w["result"] for w in self.CASE["walks"]])

    def test_the_worker_finds_the_first_solving_nonces(self):
        answer = PAGE.call("powWorker", {"type": "solve", "pow": self.POW, "indices": [0, 13]})
        self.assertEqual(answer["type"], "solved", answer)
        nonces = self.CASE["first_solving_nonces"]
        self.assertEqual(answer["nonces"], [nonces[0], nonces[13]])
        self.assertEqual(answer["indices"], [0, 13])

    def test_the_worker_refuses_an_unknown_algorithm(self):
        answer = PAGE.call("powWorker", {"type": "solve", "pow": dict(self.POW, algorithm="sha256")})
        self.assertEqual(answer, {"type": "error", "message": "unknown proof-of-work algorithm"})

    def test_the_worker_refuses_a_salt_that_is_not_an_id(self):
        answer = PAGE.call("powWorker", {"type": "solve", "pow": dict(self.POW, salt="zz")})
        self.assertEqual(answer["type"], "error")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    ARGS, rest = parser.parse_known_args()
    sys.exit(0 if unittest.main(argv=[sys.argv[0]] + rest, exit=False).result.wasSuccessful() else 1)
