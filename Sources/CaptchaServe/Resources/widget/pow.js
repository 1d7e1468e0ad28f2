/* captcha-gen widget, part 7: the proof-of-work worker (see core.js). */
(function (parts) {
  'use strict';

  // =============================================================================================
  // 9. The proof of work: the server's solver (/pow-worker.js) in a Web Worker, one per page and
  //    server, shared by its widgets. The worker builds its table once (64 MiB, about 0.3 s) and
  //    solves one challenge at a time; a challenge the widget no longer shows is dropped from the
  //    queue, or, while it is being solved, the worker is stopped (a new one starts for the next).

  const POW_WORKER_PATH = '/pow-worker.js';
  const powSolvers = {}; // by the worker script's URL

  /**
   * A Worker running the script at `url`. A Worker's script must come from the page's origin; for a
   * server on another origin a small blob: script imports it (importScripts may cross origins).
   */
  function startWorker(url) {
    const absolute = new URL(url, location.href);
    if (absolute.origin === location.origin) return new Worker(absolute.href);
    const source = 'importScripts(' + JSON.stringify(absolute.href) + ');';
    return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  }

  /** The page's solver for the worker at `url`: solve(pow, onProgress) → {promise, cancel}. */
  function powSolver(url) {
    if (powSolvers[url]) return powSolvers[url];
    let worker = null;
    const queue = [];
    let current = null;

    function stopWorker() {
      if (worker) worker.terminate();
      worker = null;
    }

    function spawn() {
      const w = startWorker(url);
      w.onmessage = function (event) {
        const message = event.data || {};
        if (!current || w !== worker) return;
        if (message.type === 'progress') current.onProgress(message.solved, message.total);
        else if (message.type === 'solved') finish(null, message);
        else if (message.type === 'error') finish(new Error(message.message));
      };
      w.onerror = function (event) {
        if (event.preventDefault) event.preventDefault();
        if (w !== worker) return;
        stopWorker();
        finish(new Error((event && event.message) || 'the proof-of-work worker did not start'));
      };
      return w;
    }

    function next() {
      if (current || !queue.length) return;
      current = queue.shift();
      try {
        if (!worker) worker = spawn();
        worker.postMessage({ type: 'solve', pow: current.pow });
      } catch (err) {
        stopWorker();
        finish(err);
      }
    }

    /** Ends the current job: rejects it with `err`, or resolves it with nonces in puzzle order. */
    function finish(err, message) {
      const job = current;
      current = null;
      if (job) {
        if (err) job.reject(err);
        else {
          const nonces = [];
          message.indices.forEach(function (index, k) {
            nonces[index] = message.nonces[k];
          });
          job.resolve({ nonces: nonces, ms: message.ms });
        }
      }
      next();
    }

    function solve(pow, onProgress) {
      const job = { pow: pow, onProgress: onProgress || function () {} };
      job.promise = new Promise(function (resolve, reject) {
        job.resolve = resolve;
        job.reject = reject;
      });
      queue.push(job);
      next();
      return {
        promise: job.promise,
        /** Drops the job (its promise never settles). */
        cancel: function () {
          const at = queue.indexOf(job);
          if (at >= 0) queue.splice(at, 1);
          if (current === job) {
            current = null;
            stopWorker();
            next();
          }
        },
      };
    }

    powSolvers[url] = { solve: solve };
    return powSolvers[url];
  }

  /**
   * The proof of work of one challenge, started at once: `solution` once solved, `error` if the
   * worker failed; `wait()` resolves with the solution (null for a challenge without a proof of
   * work) or rejects with the worker's error. `onChange(state)` hears "solving", "solved", "error";
   * `onProgress(solved, total)` each puzzle solved.
   */
  function startPow(client, ch, onChange, onProgress) {
    if (!ch.pow) {
      return { solution: null, error: null, wait: function () { return Promise.resolve(null); }, cancel: function () {} };
    }
    const started = Date.now();
    let job;
    const pow = { solution: null, error: null, ms: null };
    try {
      job = powSolver(client.url(POW_WORKER_PATH)).solve(ch.pow, onProgress);
    } catch (err) {
      job = { promise: Promise.reject(err), cancel: function () {} };
    }
    const settled = job.promise.then(
      function (solution) {
        pow.solution = solution;
        pow.ms = Date.now() - started;
        onChange('solved', pow);
        return solution;
      },
      function (err) {
        pow.error = err;
        onChange('error', pow);
        throw err;
      },
    );
    settled.catch(function () {}); // the widget reads the error when it needs it
    pow.wait = function () {
      return settled;
    };
    pow.cancel = job.cancel;
    onChange('solving', pow);
    return pow;
  }

  parts.pow = { startPow: startPow };
})(CaptchaGenParts);
