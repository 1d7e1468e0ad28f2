"""The widget's proof-of-work solver (Sources/CaptchaServe/Resources/pow-worker.js) in headless
Chromium, inside a Web Worker as the widget runs it: scrypt against RFC 7914's vectors, and the
table, walk and a solution against the values the server's C computes
(Tests/CaptchaProofOfWorkTests/TableWalkTests.swift holds the same numbers).

    python tools/pow/pow_browser_test.py [--chromium /usr/bin/chromium] [--chromedriver /usr/bin/chromedriver]
"""

import argparse
import sys
import unittest

from pow_browser import PowPage

ARGS = None
PAGE = None
SALT = "000102030405060708090a0b0c0d0e0f"


def setUpModule():
    global PAGE
    PAGE = PowPage(ARGS.chromium, ARGS.chromedriver)


def tearDownModule():
    PAGE.close()


class ScryptVectors(unittest.TestCase):
    def scrypt(self, password, salt, n, r, p):
        answer = PAGE.call("powWorker", {"type": "scrypt", "password": list(password.encode()),
                                         "salt": list(salt.encode()), "n": n, "r": r, "p": p, "length": 64})
        self.assertEqual(answer["type"], "scrypt", answer)
        return answer["hex"]

    def test_rfc7914_vectors(self):
        self.assertEqual(self.scrypt("", "", 16, 1, 1),
                         "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
                         "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906")
        self.assertEqual(self.scrypt("password", "NaCl", 1024, 8, 16),
                         "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
                         "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640")
        self.assertEqual(self.scrypt("pleaseletmein", "SodiumChloride", 16384, 8, 1),
                         "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2"
                         "d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887")


class TableWalk(unittest.TestCase):
    POW = {"algorithm": "table-walk-v1", "level": 2, "salt": SALT, "puzzles": 16, "steps": 64,
           "difficulty": 32768, "table_log2": 24}

    def test_table_and_walk_match_the_server(self):
        values = PAGE.run("""
            const P = window.CaptchaGenPow, table = P.buildTable(24);
            const key = P.puzzleKey(P.saltBytes(arguments[0]), 0);
            return [table[0] >>> 0, table[table.length - 1] >>> 0, P.walk(table, key, 0, 64), P.walk(table, key, 1, 64)];
        """, SALT)
        self.assertEqual(values, [0xbd99da98, 0xd8b426f6, 0x752662dd, 0x8db09d2e])

    def test_the_worker_finds_the_first_solving_nonces(self):
        answer = PAGE.call("powWorker", {"type": "solve", "pow": self.POW, "indices": [0, 13]})
        self.assertEqual(answer["type"], "solved", answer)
        self.assertEqual(answer["nonces"], [4149, 4340])
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
