// pow-worker.js under node against Fixtures/pow-vectors.json (the vectors the Swift tests, the
// browser test and the native solver's self-check read too): scrypt, the table, walks and the
// first solving nonces, and the worker's refusals. `node --test Tests/JavaScript`.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { loadPowWorker, readFixture } = require('./support.js');

const vectors = readFixture('pow-vectors.json');
const P = loadPowWorker();
const hex = (word) => (word >>> 0).toString(16).padStart(8, '0');
const bytes = (text) => new TextEncoder().encode(text);

test('scrypt gives RFC 7914 vectors 1 to 3', () => {
  assert.equal(vectors.scrypt.length, 3);
  for (const v of vectors.scrypt) {
    const out = P.scrypt(bytes(v.password), bytes(v.salt), v.n, v.r, v.p, v.hex.length / 2);
    assert.equal(Buffer.from(out).toString('hex'), v.hex, v.source);
  }
});

for (const c of vectors.cases) {
  test(`table words and walks: ${c.name}`, () => {
    const table = P.buildTable(c.pow.table_log2);
    assert.equal(table.length, 2 ** c.pow.table_log2);
    for (const w of c.table_words) assert.equal(hex(table[w.index]), w.word, `word ${w.index}`);
    const salt = P.saltBytes(c.pow.salt);
    for (const w of c.walks) {
      const result = P.walk(table, P.puzzleKey(salt, w.puzzle), w.nonce, c.pow.steps);
      assert.equal(hex(result), w.result, `puzzle ${w.puzzle}, nonce ${w.nonce}`);
    }
  });

  test(`the solver finds the first solving nonces: ${c.name}`, () => {
    const progress = [];
    const solution = P.solve(c.pow, undefined, (solved, total) => progress.push([solved, total]));
    assert.deepEqual(solution.nonces, c.first_solving_nonces);
    assert.deepEqual(solution.indices, c.first_solving_nonces.map((_, i) => i));
    assert.deepEqual(progress.at(-1), [c.pow.puzzles, c.pow.puzzles]);
  });
}

test('a subset of puzzles is solved in the order asked', () => {
  const c = vectors.cases[1];
  const solution = P.solve(c.pow, [3, 0]);
  assert.deepEqual(solution.nonces, [c.first_solving_nonces[3], c.first_solving_nonces[0]]);
  assert.deepEqual(solution.indices, [3, 0]);
});

test('an unknown algorithm and a salt that is not an id are refused', () => {
  const pow = vectors.cases[1].pow;
  assert.throws(() => P.solve({ ...pow, algorithm: 'sha256' }), /unknown proof-of-work algorithm/);
  assert.throws(() => P.solve({ ...pow, salt: 'zz' }), /32 lowercase hex digits/);
  assert.throws(() => P.solve(null), /unknown proof-of-work algorithm/);
});
