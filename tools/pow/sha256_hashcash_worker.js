// The baseline of `make bench-pow`: plain SHA-256 hashcash (what mCaptcha, Cap and ALTCHA's SHA mode
// ask for) solved in a Web Worker, as fast as we could write it in plain JavaScript. Puzzle i of a
// challenge is solved by the first nonce whose SHA-256(salt ‖ i ‖ nonce) (16 + 4 + 4 bytes, the
// integers little-endian) begins with a 32-bit big-endian word below floor(2^32 / difficulty):
// the same rule tools/pow/pow_native.c's sha256 mode solves natively.
//   in:  {salt: [16 bytes], puzzles, difficulty}    out: {nonces, ms}
'use strict';

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

function byteSwap(v) {
  return ((v & 0xff) << 24) | ((v & 0xff00) << 8) | ((v >>> 8) & 0xff00) | (v >>> 24);
}

// The first word of SHA-256 of the one 64-byte block whose message words are w[0..15].
function firstWord(w) {
  for (let t = 16; t < 64; t++) {
    const a = w[t - 15], b = w[t - 2];
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
  }
  let a = 0x6a09e667, b = 0xbb67ae85 | 0, c = 0x3c6ef372, d = 0xa54ff53a | 0;
  let e = 0x510e527f, f = 0x9b05688c | 0, g = 0x1f83d9ab, h = 0x5be0cd19;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[t] + w[t]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
  }
  return (a + 0x6a09e667) >>> 0;
}

function solvePuzzle(salt, index, threshold) {
  const w = new Int32Array(64);
  const view = new DataView(Uint8Array.from(salt).buffer);
  for (let i = 0; i < 4; i++) w[i] = view.getInt32(4 * i);
  w[4] = byteSwap(index);
  w[6] = 0x80000000 | 0;
  w[15] = 24 * 8;
  for (let nonce = 0; nonce < 4294967296; nonce++) {
    w[5] = byteSwap(nonce | 0);
    if (firstWord(w) < threshold) return nonce;
  }
  return -1;
}

self.onmessage = (event) => {
  const { salt, puzzles, difficulty } = event.data;
  const started = performance.now();
  const threshold = Math.floor(4294967296 / difficulty);
  const nonces = [];
  for (let i = 0; i < puzzles; i++) nonces.push(solvePuzzle(salt, i, threshold));
  self.postMessage({ nonces, ms: performance.now() - started });
};
