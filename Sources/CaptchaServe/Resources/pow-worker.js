// captcha-gen's proof-of-work solver, served at /pow-worker.js and run in a Web Worker by the widget
// (docs/proof-of-work.md). Plain JavaScript, no build step; the server checks the same
// function in C (Sources/CProofOfWork).
//
// The function ("table-walk-v1"): every client holds the same table of 2^table_log2 32-bit words,
// ROMix's array V of scrypt(P = "captcha-gen pow table v1", S = "", N = 2^(table_log2 - 5), r = 1)
// (RFC 7914). A challenge has `puzzles` puzzles; puzzle i's key is SHA-256(salt ‖ i as 4 bytes
// little-endian) as eight little-endian words. A nonce's walk starts at fmix32(nonce ^ key[0]) and
// takes `steps` steps x = rotl32((x ^ table[x & mask]) * 0x9e3779b1, 15) ^ key[(s + 1) & 7]; the
// nonce solves the puzzle when fmix32(x) < floor(2^32 / difficulty). Each step is a read at an
// address nobody can know before the previous read: the work is bound by memory reads, which a
// browser does about as fast as native code.
//
// Worker messages (the widget's side):
//   in:  {type: "solve", pow: <the challenge's "pow" object>, indices?: [puzzle indices]}
//   out: {type: "progress", solved, total}          after each puzzle
//        {type: "solved", nonces: [...], indices: [...], ms}   nonces[k] solves puzzle indices[k]
//        {type: "error", message}
//   in:  {type: "scrypt", password, salt, n, r, p, length} (byte arrays)
//   out: {type: "scrypt", hex}                      (the test vectors' check)
// Verify with {"pow": {"nonces": [...]}}, nonce i for puzzle i.
'use strict';

(function (scope) {
  const ALGORITHM = 'table-walk-v1';
  const TABLE_PASSWORD = 'captcha-gen pow table v1';
  const WALK_MULTIPLIER = 0x9e3779b1 | 0;
  const NONCE_LIMIT = 4294967296;
  const SHA256_K = new Int32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]);

  // ---- SHA-256 (FIPS 180-4) and one-iteration PBKDF2-HMAC-SHA256 (RFC 8018) ----

  function sha256(bytes) {
    const length = bytes.length;
    const padded = new Uint8Array(((length + 9 + 63) >> 6) << 6);
    padded.set(bytes);
    padded[length] = 0x80;
    const bits = length * 8;
    const view = new DataView(padded.buffer);
    view.setUint32(padded.length - 8, Math.floor(bits / 4294967296));
    view.setUint32(padded.length - 4, bits >>> 0);
    const h = new Int32Array([
      0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]);
    const w = new Int32Array(64);
    for (let offset = 0; offset < padded.length; offset += 64) {
      for (let t = 0; t < 16; t++) w[t] = view.getInt32(offset + 4 * t);
      for (let t = 16; t < 64; t++) {
        const a = w[t - 15], b = w[t - 2];
        const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
        const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
        w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
      }
      let a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
      for (let t = 0; t < 64; t++) {
        const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
        const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + SHA256_K[t] + w[t]) | 0;
        const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
        const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        hh = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
    }
    const digest = new Uint8Array(32);
    const out = new DataView(digest.buffer);
    for (let i = 0; i < 8; i++) out.setInt32(4 * i, h[i]);
    return digest;
  }

  function concat(...parts) {
    const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }

  function pbkdf2Sha256Once(password, salt, length) {
    const key = new Uint8Array(64);
    key.set(password.length > 64 ? sha256(password) : password);
    const innerPad = key.map((byte) => byte ^ 0x36);
    const outerPad = key.map((byte) => byte ^ 0x5c);
    const out = new Uint8Array(length);
    for (let block = 1, offset = 0; offset < length; block++, offset += 32) {
      const counter = new Uint8Array([block >>> 24, (block >>> 16) & 255, (block >>> 8) & 255, block & 255]);
      const digest = sha256(concat(outerPad, sha256(concat(innerPad, salt, counter))));
      out.set(digest.subarray(0, Math.min(32, length - offset)), offset);
    }
    return out;
  }

  // ---- scrypt (RFC 7914): Salsa20/8, BlockMix, ROMix ----

  // Salsa20/8 core on the 16 words of `b` at `at`, in place.
  function salsa20_8(b, at) {
    let x0 = b[at], x1 = b[at + 1], x2 = b[at + 2], x3 = b[at + 3], x4 = b[at + 4], x5 = b[at + 5];
    let x6 = b[at + 6], x7 = b[at + 7], x8 = b[at + 8], x9 = b[at + 9], x10 = b[at + 10], x11 = b[at + 11];
    let x12 = b[at + 12], x13 = b[at + 13], x14 = b[at + 14], x15 = b[at + 15];
    let u;
    for (let i = 0; i < 8; i += 2) {
      u = (x0 + x12) | 0; x4 ^= (u << 7) | (u >>> 25);
      u = (x4 + x0) | 0; x8 ^= (u << 9) | (u >>> 23);
      u = (x8 + x4) | 0; x12 ^= (u << 13) | (u >>> 19);
      u = (x12 + x8) | 0; x0 ^= (u << 18) | (u >>> 14);
      u = (x5 + x1) | 0; x9 ^= (u << 7) | (u >>> 25);
      u = (x9 + x5) | 0; x13 ^= (u << 9) | (u >>> 23);
      u = (x13 + x9) | 0; x1 ^= (u << 13) | (u >>> 19);
      u = (x1 + x13) | 0; x5 ^= (u << 18) | (u >>> 14);
      u = (x10 + x6) | 0; x14 ^= (u << 7) | (u >>> 25);
      u = (x14 + x10) | 0; x2 ^= (u << 9) | (u >>> 23);
      u = (x2 + x14) | 0; x6 ^= (u << 13) | (u >>> 19);
      u = (x6 + x2) | 0; x10 ^= (u << 18) | (u >>> 14);
      u = (x15 + x11) | 0; x3 ^= (u << 7) | (u >>> 25);
      u = (x3 + x15) | 0; x7 ^= (u << 9) | (u >>> 23);
      u = (x7 + x3) | 0; x11 ^= (u << 13) | (u >>> 19);
      u = (x11 + x7) | 0; x15 ^= (u << 18) | (u >>> 14);
      u = (x0 + x3) | 0; x1 ^= (u << 7) | (u >>> 25);
      u = (x1 + x0) | 0; x2 ^= (u << 9) | (u >>> 23);
      u = (x2 + x1) | 0; x3 ^= (u << 13) | (u >>> 19);
      u = (x3 + x2) | 0; x0 ^= (u << 18) | (u >>> 14);
      u = (x5 + x4) | 0; x6 ^= (u << 7) | (u >>> 25);
      u = (x6 + x5) | 0; x7 ^= (u << 9) | (u >>> 23);
      u = (x7 + x6) | 0; x4 ^= (u << 13) | (u >>> 19);
      u = (x4 + x7) | 0; x5 ^= (u << 18) | (u >>> 14);
      u = (x10 + x9) | 0; x11 ^= (u << 7) | (u >>> 25);
      u = (x11 + x10) | 0; x8 ^= (u << 9) | (u >>> 23);
      u = (x8 + x11) | 0; x9 ^= (u << 13) | (u >>> 19);
      u = (x9 + x8) | 0; x10 ^= (u << 18) | (u >>> 14);
      u = (x15 + x14) | 0; x12 ^= (u << 7) | (u >>> 25);
      u = (x12 + x15) | 0; x13 ^= (u << 9) | (u >>> 23);
      u = (x13 + x12) | 0; x14 ^= (u << 13) | (u >>> 19);
      u = (x14 + x13) | 0; x15 ^= (u << 18) | (u >>> 14);
    }
    b[at] += x0; b[at + 1] += x1; b[at + 2] += x2; b[at + 3] += x3;
    b[at + 4] += x4; b[at + 5] += x5; b[at + 6] += x6; b[at + 7] += x7;
    b[at + 8] += x8; b[at + 9] += x9; b[at + 10] += x10; b[at + 11] += x11;
    b[at + 12] += x12; b[at + 13] += x13; b[at + 14] += x14; b[at + 15] += x15;
  }

  // scryptBlockMix of the 2r blocks of `b` (32r words) into `y`; `x` is 16 words of scratch.
  function blockMix(b, y, r, x) {
    const last = (2 * r - 1) * 16;
    for (let k = 0; k < 16; k++) x[k] = b[last + k];
    for (let i = 0; i < 2 * r; i++) {
      for (let k = 0; k < 16; k++) x[k] ^= b[i * 16 + k];
      salsa20_8(x, 0);
      y.set(x, ((i & 1) * r + (i >> 1)) * 16);
    }
  }

  // scryptROMix on the 32r words of `x`, with `v` (n * 32r words) as its array V.
  function romix(x, v, n, r) {
    const words = 32 * r;
    const y = new Int32Array(words), mixX = new Int32Array(16);
    for (let i = 0; i < n; i++) {
      v.set(x, i * words);
      blockMix(x, y, r, mixX);
      x.set(y);
    }
    for (let i = 0; i < n; i++) {
      const j = x[(2 * r - 1) * 16] & (n - 1);
      for (let k = 0; k < words; k++) x[k] ^= v[j * words + k];
      blockMix(x, y, r, mixX);
      x.set(y);
    }
  }

  function wordsOf(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    const words = new Int32Array(bytes.length / 4);
    for (let i = 0; i < words.length; i++) words[i] = view.getInt32(4 * i, true);
    return words;
  }

  function bytesOf(words) {
    const bytes = new Uint8Array(words.length * 4);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < words.length; i++) view.setInt32(4 * i, words[i], true);
    return bytes;
  }

  function scrypt(password, salt, n, r, p, length) {
    const blockBytes = 128 * r;
    const b = pbkdf2Sha256Once(password, salt, p * blockBytes);
    const v = new Int32Array(32 * r * n);
    for (let i = 0; i < p; i++) {
      const x = wordsOf(b.subarray(i * blockBytes, (i + 1) * blockBytes));
      romix(x, v, n, r);
      b.set(bytesOf(x), i * blockBytes);
    }
    return pbkdf2Sha256Once(password, b, length);
  }

  // ---- the table and the walk ----

  // ROMix's first loop for r = 1 written straight into the table: block i + 1 = BlockMix(block i),
  // that is Y0 = Salsa(B1 ^ B0), Y1 = Salsa(Y0 ^ B1).
  function buildTable(log2Words) {
    const table = new Int32Array(2 ** log2Words);
    table.set(wordsOf(pbkdf2Sha256Once(new TextEncoder().encode(TABLE_PASSWORD), new Uint8Array(0), 128)));
    for (let at = 0; at + 32 < table.length; at += 32) {
      const next = at + 32;
      for (let k = 0; k < 16; k++) table[next + k] = table[at + 16 + k] ^ table[at + k];
      salsa20_8(table, next);
      for (let k = 0; k < 16; k++) table[next + 16 + k] = table[next + k] ^ table[at + 16 + k];
      salsa20_8(table, next + 16);
    }
    return table;
  }

  function fmix32(h) {
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    return h ^ (h >>> 16);
  }

  function puzzleKey(salt, index) {
    const message = new Uint8Array(20);
    message.set(salt);
    new DataView(message.buffer).setUint32(16, index, true);
    return wordsOf(sha256(message));
  }

  // One nonce's walk result (what the server computes; the solver below does 16 at once).
  function walk(table, key, nonce, steps) {
    const mask = table.length - 1;
    let x = fmix32(nonce ^ key[0]);
    for (let s = 0; s < steps; s++) {
      x = Math.imul(x ^ table[x & mask], WALK_MULTIPLIER);
      x = ((x << 15) | (x >>> 17)) ^ key[(s + 1) & 7];
    }
    return fmix32(x) >>> 0;
  }

  // The first nonce ≥ `start` (in 16s) whose walk is below `threshold`, or -1 below `end`. Sixteen
  // walks advance together so that sixteen reads are in flight at once.
  function searchNonces(table, key, steps, threshold, start, end) {
    const mask = table.length - 1, k0 = key[0];
    for (let n = start; n < end; n += 16) {
      let x0 = fmix32(n ^ k0), x1 = fmix32((n + 1) ^ k0), x2 = fmix32((n + 2) ^ k0);
      let x3 = fmix32((n + 3) ^ k0), x4 = fmix32((n + 4) ^ k0), x5 = fmix32((n + 5) ^ k0);
      let x6 = fmix32((n + 6) ^ k0), x7 = fmix32((n + 7) ^ k0), x8 = fmix32((n + 8) ^ k0);
      let x9 = fmix32((n + 9) ^ k0), x10 = fmix32((n + 10) ^ k0), x11 = fmix32((n + 11) ^ k0);
      let x12 = fmix32((n + 12) ^ k0), x13 = fmix32((n + 13) ^ k0), x14 = fmix32((n + 14) ^ k0);
      let x15 = fmix32((n + 15) ^ k0);
      for (let s = 0; s < steps; s++) {
        const k = key[(s + 1) & 7];
        x0 = Math.imul(x0 ^ table[x0 & mask], WALK_MULTIPLIER); x0 = ((x0 << 15) | (x0 >>> 17)) ^ k;
        x1 = Math.imul(x1 ^ table[x1 & mask], WALK_MULTIPLIER); x1 = ((x1 << 15) | (x1 >>> 17)) ^ k;
        x2 = Math.imul(x2 ^ table[x2 & mask], WALK_MULTIPLIER); x2 = ((x2 << 15) | (x2 >>> 17)) ^ k;
        x3 = Math.imul(x3 ^ table[x3 & mask], WALK_MULTIPLIER); x3 = ((x3 << 15) | (x3 >>> 17)) ^ k;
        x4 = Math.imul(x4 ^ table[x4 & mask], WALK_MULTIPLIER); x4 = ((x4 << 15) | (x4 >>> 17)) ^ k;
        x5 = Math.imul(x5 ^ table[x5 & mask], WALK_MULTIPLIER); x5 = ((x5 << 15) | (x5 >>> 17)) ^ k;
        x6 = Math.imul(x6 ^ table[x6 & mask], WALK_MULTIPLIER); x6 = ((x6 << 15) | (x6 >>> 17)) ^ k;
        x7 = Math.imul(x7 ^ table[x7 & mask], WALK_MULTIPLIER); x7 = ((x7 << 15) | (x7 >>> 17)) ^ k;
        x8 = Math.imul(x8 ^ table[x8 & mask], WALK_MULTIPLIER); x8 = ((x8 << 15) | (x8 >>> 17)) ^ k;
        x9 = Math.imul(x9 ^ table[x9 & mask], WALK_MULTIPLIER); x9 = ((x9 << 15) | (x9 >>> 17)) ^ k;
        x10 = Math.imul(x10 ^ table[x10 & mask], WALK_MULTIPLIER); x10 = ((x10 << 15) | (x10 >>> 17)) ^ k;
        x11 = Math.imul(x11 ^ table[x11 & mask], WALK_MULTIPLIER); x11 = ((x11 << 15) | (x11 >>> 17)) ^ k;
        x12 = Math.imul(x12 ^ table[x12 & mask], WALK_MULTIPLIER); x12 = ((x12 << 15) | (x12 >>> 17)) ^ k;
        x13 = Math.imul(x13 ^ table[x13 & mask], WALK_MULTIPLIER); x13 = ((x13 << 15) | (x13 >>> 17)) ^ k;
        x14 = Math.imul(x14 ^ table[x14 & mask], WALK_MULTIPLIER); x14 = ((x14 << 15) | (x14 >>> 17)) ^ k;
        x15 = Math.imul(x15 ^ table[x15 & mask], WALK_MULTIPLIER); x15 = ((x15 << 15) | (x15 >>> 17)) ^ k;
      }
      const results = [x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15];
      for (let lane = 0; lane < 16; lane++) {
        if (fmix32(results[lane]) >>> 0 < threshold) return n + lane;
      }
    }
    return -1;
  }

  function saltBytes(hex) {
    if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error('pow.salt must be 32 lowercase hex digits');
    const bytes = new Uint8Array(16);
    for (let i = 0; i < 16; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
    return bytes;
  }

  const tables = new Map();

  // The table for `log2Words`, built once per worker.
  function tableFor(log2Words) {
    if (!tables.has(log2Words)) tables.set(log2Words, buildTable(log2Words));
    return tables.get(log2Words);
  }

  // Solves the challenge's puzzles `indices` (all of them by default); `onProgress(solved, total)`.
  function solve(pow, indices, onProgress) {
    if (!pow || pow.algorithm !== ALGORITHM) throw new Error('unknown proof-of-work algorithm');
    const salt = saltBytes(pow.salt);
    const table = tableFor(pow.table_log2);
    const threshold = Math.floor(NONCE_LIMIT / pow.difficulty);
    const wanted = indices || Array.from({ length: pow.puzzles }, (_, i) => i);
    const nonces = [];
    for (const index of wanted) {
      const nonce = searchNonces(table, puzzleKey(salt, index), pow.steps, threshold, 0, NONCE_LIMIT);
      if (nonce < 0) throw new Error('puzzle ' + index + ' has no solution below 2^32');
      nonces.push(nonce);
      if (onProgress) onProgress(nonces.length, wanted.length);
    }
    return { nonces, indices: wanted };
  }

  const api = { ALGORITHM, sha256, pbkdf2Sha256Once, scrypt, buildTable, puzzleKey, walk, saltBytes, solve };
  scope.CaptchaGenPow = api;

  const inWorker = typeof WorkerGlobalScope !== 'undefined' && scope instanceof WorkerGlobalScope;
  if (!inWorker) return;
  scope.onmessage = (event) => {
    const message = event.data || {};
    try {
      if (message.type === 'solve') {
        const started = performance.now();
        const result = solve(message.pow, message.indices, (solved, total) =>
          scope.postMessage({ type: 'progress', solved, total }));
        scope.postMessage({ type: 'solved', nonces: result.nonces, indices: result.indices,
          ms: performance.now() - started });
      } else if (message.type === 'scrypt') {
        const out = scrypt(Uint8Array.from(message.password), Uint8Array.from(message.salt), message.n,
          message.r, message.p, message.length);
        scope.postMessage({ type: 'scrypt', hex: Array.from(out, (b) => b.toString(16).padStart(2, '0')).join('') });
      } else {
        scope.postMessage({ type: 'error', message: 'unknown message type' });
      }
    } catch (error) {
      scope.postMessage({ type: 'error', message: String(error && error.message || error) });
    }
  };
})(self); // a worker's global, or a page's window when loaded as a page's script
