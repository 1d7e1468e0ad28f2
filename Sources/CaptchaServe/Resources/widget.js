/*
 * captcha-gen widget: one dependency-free file, served by `captcha-gen serve` at /widget.js.
 *
 *   <script src="/widget.js"></script>
 *   <div data-captcha-gen data-kind="slide"></div>            (auto-mounted; data-endpoint="https://…" optional)
 *   CaptchaGen.mount(element, {endpoint: "", kind: "rotate"})  (or by hand)
 *
 * On a site's form: <div data-captcha-gen data-sitekey="…" data-endpoint="https://captcha.example">
 * inside the <form> puts the pass token into a hidden input `captcha-gen-response` (renamed by
 * data-response-field) when the person passes, empties it when the token expires (then shows a new
 * puzzle) or a new challenge starts, and fires "captcha-gen:pass" ({token, expiresAt, id, kind}) and
 * "captcha-gen:expire". CaptchaGen.mount(el, {sitekey, endpoint, onPass, onExpire, onError}),
 * CaptchaGen.getResponse(el) and CaptchaGen.reset(el) serve single-page apps; <captcha-gen
 * sitekey="…"> is a form-associated element that does the same without a hidden input.
 *
 * The root element carries data-state="loading|ready|pass|fail|error" and data-challenge-id, and
 * fires a bubbling "captcha-gen:state" event ({state, id, kind, reason}) on every change. Positions
 * are sent in background pixels (the widget converts from its displayed size itself), with the drag
 * track [{t, x, y}] (t: ms from the start of the drag). See docs/serving.md, "The widget".
 *
 * Parts, each depending only on those above it: 1 page helpers, 2 the server client, 3 steps
 * (stops to snap to), 4 the input core (drags with their track, slider keys, the value a drag or
 * Enter submits), 5 slide, 6 rotate, 7 pattern, 8 the pass token (form field, expiry), 9 the
 * widget (states, mounting, the API), 10 the <captcha-gen> form element.
 */
(function (global) {
  'use strict';

  if (global.CaptchaGen) return;

  var FAIL_HOLD_MS = 1000; // how long "fail" stays before a new challenge is fetched
  var SNAP_MS = 180; // the stepped knob's snap animation
  var RING_FACTOR = 1.22; // rotate: ring radius over the disc radius (inside the background's gap band)
  var KEY_STEPS = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 };

  var TEXT = {
    loading: 'Loading a puzzle…',
    ready: {
      slide: 'Drag the slider to fit the piece into its gap.',
      rotate: 'Turn the picture upright: drag the handle around the ring.',
      pattern: 'Connect these shapes on the board, in this order:',
    },
    checking: 'Checking…',
    pass: 'Passed: you are verified.',
    fail: 'Failed: ',
    again: ' Here comes a new puzzle.',
    error: 'The captcha could not load: ',
    expired: 'The check has expired; here is a new puzzle.',
    hostNotAllowed: function (host, sitekey) {
      return 'this page\'s host, ' + host + ', is not allowed ' + (sitekey ? 'for site key "' + sitekey + '"' : 'here');
    },
  };
  var RESPONSE_FIELD = 'captcha-gen-response'; // the form field the pass token goes into

  var CSS = [
    '.cg{--cg-accent:#2563eb;--cg-pass:#15803d;--cg-fail:#b91c1c;--cg-line:#d4d8e0;',
    'font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;',
    'box-sizing:border-box;width:100%;border:1px solid var(--cg-line);border-radius:12px;',
    'background:#fff;padding:12px;box-shadow:0 1px 3px rgba(15,23,42,.08)}',
    '.cg *,.cg *::before,.cg *::after{box-sizing:border-box}',
    '.cg-head{display:flex;align-items:center;gap:8px;margin-bottom:8px}',
    '.cg-prompt{flex:1;margin:0;font-weight:500}',
    '.cg-refresh{flex:none;width:32px;height:32px;border:1px solid var(--cg-line);border-radius:8px;',
    'background:#fff;color:#475569;cursor:pointer;font-size:18px;line-height:1}',
    '.cg-refresh:hover{background:#f1f5f9}',
    '.cg-hint{display:block;max-width:100%;height:auto;margin:0 0 8px;border-radius:6px}',
    '.cg-row{display:flex;gap:8px;align-items:stretch}',
    '.cg-row>.cg-stage{flex:1;min-width:0}',
    '.cg-track.cg-beside-y{margin-right:48px}',
    '.cg-stage{position:relative;width:100%;overflow:hidden;border-radius:8px;background:#e2e8f0;',
    'touch-action:none;user-select:none;-webkit-user-select:none}',
    '.cg-stage>img.cg-bg{position:absolute;inset:0;width:100%;height:100%;display:block;pointer-events:none}',
    '.cg-piece{position:absolute;display:block;pointer-events:none;filter:drop-shadow(0 2px 3px rgba(0,0,0,.35))}',
    '.cg-grab{cursor:grab}.cg-dragging .cg-grab,.cg-dragging{cursor:grabbing}',
    '.cg-track{position:relative;height:40px;margin-top:8px;border-radius:20px;background:#eef2f7;',
    'border:1px solid var(--cg-line);touch-action:none}',
    '.cg-track.cg-y{height:auto;width:40px;margin-top:0}',
    '.cg-track-label{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;',
    'color:#64748b;font-size:13px;pointer-events:none}',
    '.cg-y .cg-track-label{writing-mode:vertical-rl}',
    '.cg-fill{position:absolute;left:0;top:0;bottom:0;border-radius:20px;background:rgba(37,99,235,.15)}',
    '.cg-y .cg-fill{right:0;bottom:auto}',
    '.cg-knob{position:absolute;top:-1px;bottom:-1px;min-width:36px;border-radius:20px;background:#fff;',
    'border:1px solid #94a3b8;box-shadow:0 1px 4px rgba(15,23,42,.25);display:flex;align-items:center;',
    'justify-content:center;color:var(--cg-accent);cursor:grab;touch-action:none}',
    '.cg-y .cg-knob{top:auto;bottom:auto;left:-1px;right:-1px;min-width:0;min-height:36px}',
    '.cg-knob svg{width:20px;height:20px;pointer-events:none}',
    '.cg-y .cg-knob svg{transform:rotate(90deg)}',
    '.cg-tick{position:absolute;top:50%;width:4px;height:4px;margin:-2px;border-radius:50%;background:#94a3b8;pointer-events:none}',
    '.cg-y .cg-tick{left:50%}',
    '.cg-snapping .cg-knob,.cg-snapping .cg-fill,.cg-snapping .cg-piece,.cg-snapping .cg-arm{',
    'transition:left ' + SNAP_MS + 'ms ease-out,top ' + SNAP_MS + 'ms ease-out,width ' + SNAP_MS +
      'ms ease-out,height ' + SNAP_MS + 'ms ease-out,transform ' + SNAP_MS + 'ms ease-out}',
    '.cg-ring{position:absolute;border-radius:50%;border:3px solid rgba(255,255,255,.75);',
    'box-shadow:0 0 0 1px rgba(15,23,42,.25),inset 0 0 0 1px rgba(15,23,42,.25);pointer-events:none}',
    '.cg-arm{position:absolute;inset:-3px;pointer-events:none}',
    '.cg-handle{position:absolute;left:50%;top:0;width:30px;height:30px;margin:-15px 0 0 -15px;border-radius:50%;',
    'background:#fff;border:2px solid var(--cg-accent);box-shadow:0 1px 4px rgba(15,23,42,.4);cursor:grab;',
    'pointer-events:auto;touch-action:none}',
    '.cg-ring .cg-tick{top:0;left:50%;width:6px;height:6px;margin:-3px;background:#fff;box-shadow:0 0 0 1px rgba(15,23,42,.4)}',
    '.cg-lines{position:absolute;inset:0;width:100%;height:100%;pointer-events:none}',
    '.cg-lines polyline{fill:none;stroke:var(--cg-accent);stroke-opacity:.85;stroke-linecap:round;stroke-linejoin:round}',
    '.cg-dot{position:absolute;border-radius:50%;border:2px solid rgba(255,255,255,.0);cursor:pointer}',
    '.cg-dot[aria-pressed=true]{border-color:#fff;background:rgba(37,99,235,.35);box-shadow:0 0 0 2px var(--cg-accent)}',
    '.cg-order{position:absolute;right:-4px;top:-4px;min-width:18px;height:18px;border-radius:9px;',
    'background:var(--cg-accent);color:#fff;font-size:11px;font-weight:600;display:flex;align-items:center;',
    'justify-content:center;padding:0 4px}',
    '.cg-actions{display:flex;gap:8px;margin-top:8px}',
    '.cg-button{flex:1;height:36px;border-radius:8px;border:1px solid var(--cg-line);background:#fff;',
    'font:inherit;font-weight:500;color:#1f2937;cursor:pointer}',
    '.cg-button.cg-primary{background:var(--cg-accent);border-color:var(--cg-accent);color:#fff}',
    '.cg-button:disabled{opacity:.5;cursor:default}',
    '.cg-status{min-height:1.4em;margin-top:8px;font-size:13px;color:#475569}',
    '.cg[data-state=pass] .cg-status{color:var(--cg-pass);font-weight:600}',
    '.cg[data-state=fail] .cg-status,.cg[data-state=error] .cg-status{color:var(--cg-fail);font-weight:600}',
    '.cg[data-state=pass]{border-color:var(--cg-pass)}',
    '.cg[data-state=fail]{border-color:var(--cg-fail);animation:cg-shake .3s}',
    '.cg[data-state=loading] .cg-stage{opacity:.6}',
    '.cg[data-state=pass] .cg-knob,.cg[data-state=pass] .cg-handle{background:var(--cg-pass);border-color:var(--cg-pass);color:#fff}',
    '.cg[data-state=fail] .cg-knob,.cg[data-state=fail] .cg-handle{background:var(--cg-fail);border-color:var(--cg-fail);color:#fff}',
    '.cg[data-state=pass] .cg-lines polyline{stroke:var(--cg-pass)}',
    '.cg[data-state=fail] .cg-lines polyline{stroke:var(--cg-fail)}',
    '.cg[data-state=pass] .cg-stage,.cg[data-state=fail] .cg-stage{pointer-events:none}',
    '.cg-knob:focus-visible,.cg-handle:focus-visible,.cg-dot:focus-visible,.cg-button:focus-visible,',
    '.cg-refresh:focus-visible{outline:3px solid var(--cg-accent);outline-offset:2px;',
    'box-shadow:0 0 0 2px #fff,0 0 0 7px var(--cg-accent)}',
    '@keyframes cg-shake{25%{transform:translateX(-4px)}75%{transform:translateX(4px)}}',
    '@media (prefers-reduced-motion:reduce){.cg,.cg *{animation:none!important;transition:none!important}}',
  ].join('');

  // =============================================================================================
  // 1. Page helpers: DOM, geometry, the pictures.

  function el(tag, attrs, parent) {
    var node = document.createElement(tag);
    for (var name in attrs || {}) {
      if (name === 'text') node.textContent = attrs[name];
      else node.setAttribute(name, attrs[name]);
    }
    if (parent) parent.appendChild(node);
    return node;
  }

  function injectStyle() {
    if (document.getElementById('captcha-gen-style')) return;
    el('style', { id: 'captcha-gen-style', text: CSS }, document.head);
  }

  function pct(value, whole) {
    return (100 * value) / whole + '%';
  }

  function clamp(v, lo, hi) {
    return Math.min(hi, Math.max(lo, v));
  }

  function round2(v) {
    return Math.round(v * 100) / 100;
  }

  /** `degrees` brought into -180…180: the shorter way round. */
  function shortTurn(degrees) {
    return (((degrees % 360) + 540) % 360) - 180;
  }

  /** Maps client (CSS pixel) coordinates to background pixels of a stage shown at any size. */
  function toBackground(stage, ch, clientX, clientY) {
    var r = stage.getBoundingClientRect();
    return { x: ((clientX - r.left) * ch.width) / r.width, y: ((clientY - r.top) * ch.height) / r.height };
  }

  /** The picture the controls sit on: the background, scaled to its container. */
  function stageFor(ch, parent) {
    var stage = el('div', { class: 'cg-stage' }, parent);
    stage.style.aspectRatio = ch.width + ' / ' + ch.height;
    el('img', { class: 'cg-bg', alt: '', src: ch.backgroundURL, draggable: 'false' }, stage);
    return stage;
  }

  /** piece.png on the stage, sized in background pixels. */
  function pieceImage(ch, stage) {
    var img = el('img', { class: 'cg-piece', alt: '', src: ch.pieceURL, draggable: 'false' }, stage);
    img.style.width = pct(ch.piece_width, ch.width);
    img.style.height = pct(ch.piece_height, ch.height);
    return img;
  }

  // =============================================================================================
  // 2. The server client: new challenges and verifies (JSON under /v1).

  function createClient(endpoint) {
    var base = (endpoint || '').replace(/\/+$/, '');
    function url(path) {
      return /^(data:|https?:)/.test(path) ? path : base + path;
    }
    function post(path, body) {
      return fetch(url(path), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
      }).then(function (response) {
        return response
          .json()
          .catch(function () {
            return {};
          })
          .then(function (json) {
            return { status: response.status, json: json };
          });
      });
    }
    /** Whether the server answers at all (an opaque no-cors request needs no CORS permission). */
    function reachable() {
      return fetch(url('/healthz'), { mode: 'no-cors', cache: 'no-store' }).then(
        function () {
          return true;
        },
        function () {
          return false;
        },
      );
    }
    return {
      url: url,
      /**
       * A new challenge for the page's site. A server that refuses this page's origin sends no CORS
       * headers, which the browser reports as a network error: when the server answers otherwise,
       * that is what the error says.
       */
      newChallenge: function (kind, sitekey) {
        var body = {};
        if (kind) body.kind = kind;
        if (sitekey) body.sitekey = sitekey;
        return post('/v1/challenges', body).then(
          function (r) {
            if (r.status !== 200) throw new Error(r.json.error || 'the server answered ' + r.status);
            return r.json;
          },
          function (err) {
            return reachable().then(function (up) {
              if (!up) throw err;
              throw new Error(TEXT.hostNotAllowed(location.hostname, sitekey));
            });
          },
        );
      },
      verify: function (id, body) {
        return post('/v1/challenges/' + encodeURIComponent(id) + '/verify', body);
      },
    };
  }

  // =============================================================================================
  // 3. Steps (`serve --steps N`): the value snaps to the nearest stop on release and keys move stop
  //    by stop; the answer is then {step: index}. `wrap` (360 for rotate) measures around a circle.

  function createSteps(stops, wrap) {
    if (!stops) return null;

    /** The stop nearest to `value`. */
    function nearest(value) {
      var best = 0;
      var bestDistance = Infinity;
      stops.forEach(function (s, i) {
        var d = Math.abs(s - value);
        if (wrap) d = Math.min(d, wrap - d);
        if (d < bestDistance) {
          best = i;
          bestDistance = d;
        }
      });
      return best;
    }

    /** The stop a key press reaches: nearest to value+delta, but at least one stop in that direction. */
    function afterKey(value, delta) {
      var index = nearest(value);
      var goal = stops[index] + delta;
      var ahead = stops
        .map(function (s, i) {
          return i;
        })
        .filter(function (i) {
          return delta > 0 ? i > index : i < index;
        });
      if (!ahead.length) return index;
      return ahead.reduce(function (best, i) {
        return Math.abs(stops[i] - goal) < Math.abs(stops[best] - goal) ? i : best;
      });
    }

    return { stops: stops, index: null, nearest: nearest, afterKey: afterKey };
  }

  /** Tick marks on a slider track for each stop. */
  function stepTicks(stops, track, size, whole) {
    (stops || []).forEach(function (s) {
      var tick = el('div', { class: 'cg-tick' }, track);
      tick.style.left = pct(s + size / 2, whole);
    });
  }

  // =============================================================================================
  // 4. The input core every control shares: pointer drags with their track, the slider keys, and
  //    a value set by both (slide's axes, rotate's ring) that a drag's release or Enter submits.

  /** Records a drag: samples {t, x, y}, t in ms from the first sample, x and y rounded to 0.01. */
  function createTrack() {
    var samples = [];
    var t0 = 0;
    return {
      add: function (x, y) {
        var now = performance.now();
        if (!samples.length) t0 = now;
        samples.push({ t: Math.round(now - t0), x: round2(x), y: round2(y) });
      },
      samples: function () {
        return samples.slice();
      },
    };
  }

  /**
   * Pointer drags on `target` (mouse, pen, touch: pointer events with capture). `handlers.start`
   * gets the first event and returns false to ignore it; `move` and `end` follow.
   */
  function onDrag(target, handlers) {
    var active = null;
    target.addEventListener('pointerdown', function (e) {
      if (active !== null || (e.pointerType === 'mouse' && e.button !== 0)) return;
      if (handlers.start(e) === false) return;
      active = e.pointerId;
      try {
        target.setPointerCapture(e.pointerId);
      } catch (err) {
        /* capture is best effort (synthetic events have no active pointer) */
      }
      e.preventDefault();
    });
    target.addEventListener('pointermove', function (e) {
      if (e.pointerId === active) handlers.move(e);
    });
    function finish(e) {
      if (e.pointerId !== active) return;
      active = null;
      handlers.end(e, e.type === 'pointercancel');
    }
    target.addEventListener('pointerup', finish);
    target.addEventListener('pointercancel', finish);
  }

  /**
   * A drag that records its track while the widget is live: `handlers.start(e, track)` and
   * `handlers.move(e, track)` add the samples; `handlers.end(track, cancelled)` gets the track.
   */
  function trackedDrag(target, ui, handlers) {
    var track;
    onDrag(target, {
      start: function (e) {
        if (!ui.live()) return false;
        track = createTrack();
        handlers.start(e, track);
      },
      move: function (e) {
        handlers.move(e, track);
      },
      end: function (e, cancelled) {
        handlers.end(track, cancelled);
      },
    });
  }

  /** Wires the WAI-ARIA slider keys: value changes (`step(delta)`, `home`, `end`) and Enter. */
  function onSliderKeys(node, live, keys) {
    node.addEventListener('keydown', function (e) {
      if (!live()) return;
      if (e.key in KEY_STEPS) keys.step(KEY_STEPS[e.key]);
      else if (e.key === 'Home') keys.home();
      else if (e.key === 'End') keys.end();
      else if (e.key === 'Enter') keys.submit();
      else return;
      e.preventDefault();
    });
  }

  /** Sets the slider's ARIA value attributes. */
  function setAriaValue(node, value, text) {
    node.setAttribute('aria-valuenow', String(Math.round(value)));
    node.setAttribute('aria-valuetext', text);
  }

  /** Runs `apply` with the snap animation on `scope`, then `done` when it has played. */
  function animateSnap(scope, apply, done) {
    scope.classList.add('cg-snapping');
    // Let the browser see the old position with the transition on, then move.
    requestAnimationFrame(function () {
      apply();
      setTimeout(function () {
        scope.classList.remove('cg-snapping');
        if (done) done();
      }, SNAP_MS + 20);
    });
  }

  /**
   * The value core of slide and rotate. `spec`: `steps` (section 3, or null), `get()` and `set(v)`
   * of the stepped value, `render()`, and `answer()`: the body of a free (unstepped) answer.
   * Returns `keys(node, axis)` for one slider handle (`axis`: get, set, min, max, steps),
   * `drag(target, move)` for a handle that submits on release, and `submit()` (Enter).
   */
  function valueCore(ui, spec) {
    var steps = spec.steps;

    function answerBody() {
      return steps && steps.index !== null ? { step: steps.index } : spec.answer();
    }

    /** Moves the stepped value to stop `index` with the snap animation, then calls `done`. */
    function snapTo(index, done) {
      steps.index = index;
      animateSnap(
        ui.root,
        function () {
          spec.set(steps.stops[index]);
          spec.render();
        },
        done,
      );
    }

    /** Stepped answers: snap to the nearest stop first; then `done`. */
    function snapThen(done) {
      if (!steps) return done();
      snapTo(steps.nearest(spec.get()), done);
    }

    function submit() {
      snapThen(function () {
        ui.submit(answerBody());
      });
    }

    function keys(node, axis) {
      var stepped = axis.steps;
      function jump(index, free) {
        axis.set(stepped ? stepped.stops[(stepped.index = index)] : free);
        spec.render();
      }
      onSliderKeys(node, ui.live, {
        step: function (delta) {
          if (stepped) return snapTo(stepped.afterKey(axis.get(), delta));
          axis.set(Math.round(axis.get()) + delta);
          spec.render();
        },
        home: function () {
          jump(0, axis.min);
        },
        end: function () {
          jump(stepped ? stepped.stops.length - 1 : 0, axis.max);
        },
        submit: submit,
      });
    }

    /** A drag on `target`: `move(e, track)` follows the pointer; release snaps, then submits. */
    function drag(target, handlers) {
      trackedDrag(target, ui, {
        start: function (e, track) {
          handlers.start(e, track);
          ui.root.classList.add('cg-dragging');
        },
        move: handlers.move,
        end: function (track, cancelled) {
          ui.root.classList.remove('cg-dragging');
          if (cancelled) return;
          var samples = track.samples();
          snapThen(function () {
            var body = answerBody();
            body.track = samples;
            ui.submit(body);
          });
        },
      });
    }

    return { keys: keys, drag: drag, submit: submit };
  }

  // =============================================================================================
  // 5. slide: the piece follows a knob on a track under (or, vertical mode, beside) the picture, as
  //    in DWSlideCaptchaView; the value is piece.png's top-left in background px. Free mode has two
  //    sliders. Stops, when the challenge has them, are along x.

  var CHEVRONS =
    '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" ' +
    'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M6 6l6 6-6 6M13 6l6 6-6 6"/></svg>';

  /** One slider along `axis` ('x' or 'y'): knob, fill, ticks for stops; returns its parts. */
  function slideAxis(ch, axis, host, label, steps) {
    var horizontal = axis === 'x';
    var size = horizontal ? ch.piece_width : ch.piece_height;
    var whole = horizontal ? ch.width : ch.height;
    var track = el('div', { class: 'cg-track ' + (horizontal ? 'cg-x' : 'cg-y') }, host);
    var fill = el('div', { class: 'cg-fill' }, track);
    el('div', { class: 'cg-track-label', 'aria-hidden': 'true', text: horizontal ? 'Slide →' : 'Slide ↓' }, track);
    var stepped = horizontal ? steps : null;
    stepTicks(stepped && stepped.stops, track, size, whole);
    var knob = el('div', {
      class: 'cg-knob cg-grab',
      role: 'slider',
      tabindex: '0',
      'aria-label': label,
      'aria-orientation': horizontal ? 'horizontal' : 'vertical',
      'aria-valuemin': '0',
      'aria-valuemax': String(whole - size),
    }, track);
    knob.innerHTML = CHEVRONS;
    if (horizontal) knob.style.width = pct(size, whole);
    else knob.style.height = pct(size, whole);
    return { axis: axis, min: 0, max: whole - size, size: size, whole: whole, track: track, fill: fill, knob: knob, steps: stepped };
  }

  function slideControl(ch, ui) {
    var mode = ch.mode || 'horizontal';
    var row = el('div', { class: 'cg-row' }, ui.main);
    var stage = stageFor(ch, row);
    var piece = pieceImage(ch, stage);
    piece.classList.add('cg-grab');
    piece.style.pointerEvents = 'auto';
    piece.style.touchAction = 'none';
    var pos = { x: ch.start.x, y: ch.start.y };
    var steps = createSteps(ch.steps, 0);
    var axes = [];
    if (mode !== 'vertical') axes.push(slideAxis(ch, 'x', ui.main, 'Piece position, across', steps));
    if (mode !== 'horizontal') axes.push(slideAxis(ch, 'y', row, 'Piece position, down', steps));
    if (mode === 'free') axes[0].track.classList.add('cg-beside-y');
    axes.forEach(function (a) {
      a.get = function () {
        return pos[a.axis];
      };
      a.set = function (value) {
        pos[a.axis] = clamp(value, 0, a.max);
      };
    });

    function render() {
      piece.style.left = pct(pos.x, ch.width);
      piece.style.top = pct(pos.y, ch.height);
      axes.forEach(function (a) {
        var v = pos[a.axis];
        if (a.axis === 'x') {
          a.knob.style.left = pct(v, a.whole);
          a.fill.style.width = pct(v + a.size / 2, a.whole);
        } else {
          a.knob.style.top = pct(v, a.whole);
          a.fill.style.height = pct(v + a.size / 2, a.whole);
        }
        setAriaValue(a.knob, v, Math.round(v) + ' of ' + a.max + ' pixels');
      });
    }

    var core = valueCore(ui, {
      steps: steps,
      get: function () {
        return pos.x;
      },
      set: function (x) {
        pos.x = x;
      },
      render: render,
      answer: function () {
        var body = { x: round2(pos.x) };
        if (mode !== 'horizontal') body.y = round2(pos.y);
        return body;
      },
    });

    /** Drags `handle` to move the piece along `moved` (the axes it controls). */
    function dragFrom(handle, moved) {
      var origin;
      core.drag(handle, {
        start: function (e, track) {
          origin = { cx: e.clientX, cy: e.clientY, x: pos.x, y: pos.y };
          track.add(pos.x, pos.y);
        },
        move: function (e, track) {
          var r = stage.getBoundingClientRect();
          var dx = ((e.clientX - origin.cx) * ch.width) / r.width;
          var dy = ((e.clientY - origin.cy) * ch.height) / r.height;
          moved.forEach(function (a) {
            a.set(origin[a.axis] + (a.axis === 'x' ? dx : dy));
          });
          render();
          // Across a one-axis slide the track keeps the hand's position (a hand wobbles) even
          // where the piece cannot follow it.
          track.add(mode === 'vertical' ? origin.x + dx : pos.x, mode === 'horizontal' ? origin.y + dy : pos.y);
        },
      });
    }

    dragFrom(piece, axes);
    axes.forEach(function (a) {
      dragFrom(a.knob, [a]);
      core.keys(a.knob, a);
    });
    render();
    return { focus: function () { axes[0].knob.focus(); } };
  }

  // =============================================================================================
  // 6. rotate: a handle on a ring centred on the disc, as the circular slider; the piece turns
  //    clockwise by the value (degrees, 0…359). Stops, when the challenge has them, are angles.

  /** The ring around the disc, with a tick for each stop; returns the arm that carries the handle. */
  function rotateRing(ch, stage) {
    var radius = (RING_FACTOR * ch.piece_width) / 2;
    var ring = el('div', { class: 'cg-ring' }, stage);
    ring.style.left = pct(ch.center.x - radius, ch.width);
    ring.style.top = pct(ch.center.y - radius, ch.height);
    ring.style.width = pct(2 * radius, ch.width);
    ring.style.height = pct(2 * radius, ch.height);
    (ch.steps || []).forEach(function (s) {
      var arm = el('div', { class: 'cg-arm' }, ring);
      arm.style.transform = 'rotate(' + s + 'deg)';
      el('div', { class: 'cg-tick' }, arm);
    });
    return el('div', { class: 'cg-arm' }, ring);
  }

  function rotateControl(ch, ui) {
    var stage = stageFor(ch, ui.main);
    var piece = pieceImage(ch, stage);
    piece.style.left = pct(ch.center.x - ch.piece_width / 2, ch.width);
    piece.style.top = pct(ch.center.y - ch.piece_height / 2, ch.height);
    var arm = rotateRing(ch, stage);
    var handle = el('div', {
      class: 'cg-handle',
      role: 'slider',
      tabindex: '0',
      'aria-label': 'Turn the picture',
      'aria-valuemin': '0',
      'aria-valuemax': '359',
    }, arm);
    var turn = 0; // unwrapped, so a snap across 0° animates the short way

    function value() {
      return ((turn % 360) + 360) % 360;
    }

    /** Turns to `angle` (0…360) along the shorter way from where the picture is now. */
    function turnTo(angle) {
      turn += shortTurn(angle - value());
    }

    function render() {
      piece.style.transform = 'rotate(' + turn + 'deg)';
      arm.style.transform = 'rotate(' + turn + 'deg)';
      var shown = Math.round(value()) % 360;
      setAriaValue(handle, shown, shown + ' degrees clockwise');
    }

    var steps = createSteps(ch.steps, 360);
    var core = valueCore(ui, {
      steps: steps,
      get: value,
      set: turnTo,
      render: render,
      answer: function () {
        return { angle: round2(value()) };
      },
    });

    function pointerAngle(e) {
      var r = stage.getBoundingClientRect();
      var cx = r.left + (ch.center.x * r.width) / ch.width;
      var cy = r.top + (ch.center.y * r.height) / ch.height;
      return (Math.atan2(e.clientX - cx, cy - e.clientY) * 180) / Math.PI; // 0 = up, clockwise
    }

    var last;
    core.drag(stage, {
      start: function (e, track) {
        last = pointerAngle(e);
        var p = toBackground(stage, ch, e.clientX, e.clientY);
        track.add(p.x, p.y);
      },
      move: function (e, track) {
        var a = pointerAngle(e);
        turn += shortTurn(a - last);
        last = a;
        render();
        var p = toBackground(stage, ch, e.clientX, e.clientY);
        track.add(p.x, p.y);
      },
    });
    stage.classList.add('cg-grab');
    core.keys(handle, { get: value, set: turnTo, min: 0, max: 359, steps: steps });
    render();
    return { focus: function () { handle.focus(); } };
  }

  // =============================================================================================
  // 7. pattern: nine dots on the board, as the gesture lock: drag through them (the line follows),
  //    or pick them with Enter/Space and press Check.

  /**
   * The dots a path visits, in order: the server's rule (Swift's PatternPathResolver; both are held
   * to Fixtures/pattern-paths.json). Each sample snaps to the nearest dot within `radius` (the lower
   * index on a tie; samples near no dot are ignored), a dot already visited is never visited again,
   * and the straight segment from the last visited dot to the next visits, on the way, every
   * unvisited dot it passes within `radius` of, in the order it passes them.
   */
  function resolvePattern(dots, radius, path) {
    var visited = [];
    var r2 = radius * radius;
    function snap(p) {
      var best = -1;
      var bestD2 = Infinity;
      dots.forEach(function (d, i) {
        var d2 = (d.x - p.x) * (d.x - p.x) + (d.y - p.y) * (d.y - p.y);
        if (d2 <= r2 && d2 < bestD2) {
          best = i;
          bestD2 = d2;
        }
      });
      return best;
    }
    function passedOver(a, b) {
      var p = dots[a];
      var q = dots[b];
      var dx = q.x - p.x;
      var dy = q.y - p.y;
      var len2 = dx * dx + dy * dy;
      if (!len2) return [];
      var hits = [];
      dots.forEach(function (c, i) {
        if (i === a || i === b) return;
        var t = ((c.x - p.x) * dx + (c.y - p.y) * dy) / len2;
        if (t <= 0 || t >= 1) return;
        var ex = p.x + t * dx - c.x;
        var ey = p.y + t * dy - c.y;
        if (ex * ex + ey * ey <= r2) hits.push({ i: i, t: t });
      });
      return hits
        .sort(function (u, v) {
          return u.t - v.t;
        })
        .map(function (h) {
          return h.i;
        });
    }
    path.forEach(function (p) {
      var dot = snap(p);
      if (dot < 0 || visited.indexOf(dot) >= 0) return;
      if (visited.length) {
        passedOver(visited[visited.length - 1], dot).forEach(function (i) {
          if (visited.indexOf(i) < 0) visited.push(i);
        });
      }
      visited.push(dot);
    });
    return visited;
  }

  /** The board: the hint above, the stage with the line and nine dot buttons, Clear and Check. */
  function patternBoard(ch, ui) {
    var hint = el('img', { class: 'cg-hint', alt: 'The shapes to connect, in order', src: ch.pieceURL }, null);
    hint.style.width = ch.piece_width + 'px';
    ui.main.appendChild(hint);
    var stage = stageFor(ch, ui.main);
    var svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('class', 'cg-lines');
    svg.setAttribute('viewBox', '0 0 ' + ch.width + ' ' + ch.height);
    svg.setAttribute('aria-hidden', 'true');
    var line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
    line.setAttribute('stroke-width', String(Math.max(4, ch.width / 40)));
    svg.appendChild(line);
    stage.appendChild(svg);
    var dotSize = ch.radius * 1.4;
    var buttons = ch.dots.map(function (d, i) {
      var b = el('div', { class: 'cg-dot', role: 'button', tabindex: '0', 'aria-label': 'dot ' + (i + 1), 'aria-pressed': 'false' }, stage);
      b.style.left = pct(d.x - dotSize / 2, ch.width);
      b.style.top = pct(d.y - dotSize / 2, ch.height);
      b.style.width = pct(dotSize, ch.width);
      b.style.height = pct(dotSize, ch.height);
      return b;
    });
    var actions = el('div', { class: 'cg-actions' }, ui.main);
    var clear = el('button', { type: 'button', class: 'cg-button', text: 'Clear' }, actions);
    var check = el('button', { type: 'button', class: 'cg-button cg-primary', text: 'Check' }, actions);
    return { stage: stage, line: line, buttons: buttons, clear: clear, check: check };
  }

  function patternControl(ch, ui) {
    var board = patternBoard(ch, ui);
    var chosen = []; // dots picked by key or tap, in order
    var visited = [];

    function centres(indices) {
      return indices.map(function (i) {
        return { x: ch.dots[i].x, y: ch.dots[i].y };
      });
    }

    function draw(tail) {
      var points = centres(visited);
      if (tail) points.push(tail);
      board.line.setAttribute('points', points.map(function (p) { return p.x + ',' + p.y; }).join(' '));
      board.buttons.forEach(function (b, i) {
        var order = visited.indexOf(i);
        b.setAttribute('aria-pressed', String(order >= 0));
        b.textContent = '';
        if (order >= 0) el('span', { class: 'cg-order', 'aria-hidden': 'true', text: String(order + 1) }, b);
      });
      board.check.disabled = visited.length === 0;
    }

    function toggle(i) {
      var at = chosen.indexOf(i);
      if (at >= 0) chosen.splice(at, 1);
      else chosen.push(i);
      visited = resolvePattern(ch.dots, ch.radius, centres(chosen));
      draw();
    }

    function submitChosen() {
      if (!visited.length || !ui.live()) return;
      board.check.disabled = true;
      ui.submit({ path: centres(visited).map(function (p) { return [p.x, p.y]; }) });
    }

    board.buttons.forEach(function (b, i) {
      b.addEventListener('keydown', function (e) {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        if (ui.live()) toggle(i);
      });
    });
    board.check.addEventListener('click', submitChosen);
    board.clear.addEventListener('click', function () {
      chosen = [];
      visited = [];
      draw();
    });

    var path;
    function follow(e, track) {
      var p = toBackground(board.stage, ch, e.clientX, e.clientY);
      path.push(p);
      track.add(p.x, p.y);
      visited = resolvePattern(ch.dots, ch.radius, path);
      draw(p);
    }
    trackedDrag(board.stage, ui, {
      start: function (e, track) {
        path = [];
        follow(e, track);
      },
      move: follow,
      end: function (track, cancelled) {
        if (cancelled || visited.length < 2) {
          // A tap (one dot at most) picks or drops that dot, as Enter does; it does not submit.
          var tapped = visited[0];
          visited = resolvePattern(ch.dots, ch.radius, centres(chosen));
          if (!cancelled && tapped !== undefined) toggle(tapped);
          else draw();
          return;
        }
        chosen = [];
        draw();
        board.check.disabled = true;
        var samples = track.samples();
        ui.submit({
          path: samples.map(function (s) { return [s.x, s.y]; }),
          track: samples,
        });
      },
    });
    draw();
    return { focus: function () { board.buttons[0].focus(); } };
  }

  var CONTROLS = { slide: slideControl, rotate: rotateControl, pattern: patternControl };

  // =============================================================================================
  // 8. The pass token: kept while it lives, in the form (a hidden input, or the <captcha-gen>
  //    element's own form value), emptied when it expires or a new challenge starts.

  /**
   * Where the token goes: `internals` (a form-associated element) when given, else a hidden input
   * named `name` when `root` is inside a <form>, else nowhere (the API and the event still have it).
   */
  function createPassToken(root, name, internals, onExpire) {
    var input = null;
    if (!internals && root.closest && root.closest('form')) {
      input = el('input', { type: 'hidden', name: name, value: '' }, root);
    }
    var token = '';
    var timer = null;

    function write(value) {
      token = value;
      if (internals) internals.setFormValue(value || null);
      if (input) input.value = value;
    }

    return {
      /** Keeps `value` until `expiresAt` (ISO 8601), then empties it and calls onExpire. */
      set: function (value, expiresAt) {
        this.clear();
        write(value);
        var wait = Date.parse(expiresAt) - Date.now();
        timer = setTimeout(
          function () {
            timer = null;
            write('');
            onExpire();
          },
          isFinite(wait) ? Math.max(0, wait) : 0,
        );
      },
      clear: function () {
        if (timer !== null) clearTimeout(timer);
        timer = null;
        write('');
      },
      get: function () {
        return token;
      },
    };
  }

  // =============================================================================================
  // 9. The widget: one challenge at a time; states loading → ready → pass | fail (→ loading) | error.

  function loadImage(src) {
    return new Promise(function (resolve, reject) {
      var img = new Image();
      img.onload = function () {
        resolve(img);
      };
      img.onerror = function () {
        reject(new Error('an image did not load'));
      };
      img.src = src;
    });
  }

  /** An option: from `options`, else the element's `data-NAME` (or, on <captcha-gen>, `NAME`) attribute. */
  function setting(root, options, key, name) {
    if (options[key] != null) return options[key];
    return root.getAttribute('data-' + name) || (root.localName === 'captcha-gen' && root.getAttribute(name)) || '';
  }

  /** Calls `options[name]` when it is a function. */
  function notify(options, name, value) {
    if (typeof options[name] === 'function') options[name](value);
  }

  /**
   * Mounts a widget in `root`. `options` (each also read from data-* attributes): kind, endpoint,
   * sitekey, responseField; callbacks onPass(token), onExpire(), onError(message), onState(state,
   * challenge, reason). Returns {reload, reset, getResponse, state, challengeId}.
   */
  function mount(root, options) {
    if (!root || root.captchaGen) return root && root.captchaGen;
    options = options || {};
    injectStyle();
    var kind = setting(root, options, 'kind', 'kind');
    var sitekey = setting(root, options, 'sitekey', 'sitekey');
    var client = createClient(setting(root, options, 'endpoint', 'endpoint'));
    root.classList.add('cg');
    root.setAttribute('data-captcha-gen', '');
    root.textContent = '';
    var head = el('div', { class: 'cg-head' }, root);
    var prompt = el('p', { class: 'cg-prompt', text: TEXT.loading }, head);
    var refresh = el('button', { type: 'button', class: 'cg-refresh', 'aria-label': 'New puzzle', title: 'New puzzle', text: '↻' }, head);
    var body = el('div', { class: 'cg-body' }, root);
    var status = el('div', { class: 'cg-status', role: 'status', 'aria-live': 'polite' }, root);
    var fieldName = setting(root, options, 'responseField', 'response-field') || RESPONSE_FIELD;
    var passToken = createPassToken(root, fieldName, options.internals, expire);
    var generation = 0; // drops answers to requests a newer load has overtaken
    var state = null;
    var challenge = null;
    var busy = false;
    var control = null;

    function setState(next, message, reason) {
      state = next;
      root.setAttribute('data-state', next);
      root.setAttribute('aria-busy', String(next === 'loading'));
      status.textContent = message;
      root.dispatchEvent(
        new CustomEvent('captcha-gen:state', {
          bubbles: true,
          detail: { state: next, id: challenge && challenge.id, kind: challenge ? challenge.kind : kind, reason: reason || null },
        }),
      );
      if (typeof options.onState === 'function') options.onState(next, challenge, reason);
      if (next === 'error') notify(options, 'onError', reason);
    }

    /** The token ran out: say so, and start over with a new challenge. */
    function expire() {
      root.dispatchEvent(new CustomEvent('captcha-gen:expire', { bubbles: true, detail: { id: challenge && challenge.id } }));
      notify(options, 'onExpire');
      load(TEXT.expired);
    }

    /** Passed: keep the token (form field included) and announce it. */
    function pass(json) {
      if (json.token) passToken.set(json.token, json.token_expires_at);
      setState('pass', TEXT.pass, json.reason);
      var detail = { token: json.token, expiresAt: json.token_expires_at, id: challenge.id, kind: challenge.kind };
      root.dispatchEvent(new CustomEvent('captcha-gen:pass', { bubbles: true, detail: detail }));
      notify(options, 'onPass', json.token);
    }

    function load(message) {
      var mine = ++generation;
      var hadFocus = root.contains(document.activeElement);
      passToken.clear();
      challenge = null;
      root.removeAttribute('data-challenge-id');
      setState('loading', typeof message === 'string' ? message : TEXT.loading);
      client
        .newChallenge(kind, sitekey)
        .then(function (ch) {
          ch.backgroundURL = client.url(ch.background);
          ch.pieceURL = client.url(ch.piece);
          return Promise.all([loadImage(ch.backgroundURL), loadImage(ch.pieceURL)]).then(function () {
            return ch;
          });
        })
        .then(function (ch) {
          if (mine !== generation) return;
          challenge = ch;
          busy = false;
          if (!CONTROLS[ch.kind]) throw new Error('this widget cannot show "' + ch.kind + '" challenges');
          body.textContent = '';
          prompt.textContent = TEXT.ready[ch.kind] || '';
          control = CONTROLS[ch.kind](ch, { root: root, main: body, submit: submit, live: live });
          root.setAttribute('data-challenge-id', ch.id);
          setState('ready', 'Puzzle ready.');
          if (hadFocus) control.focus();
        })
        .catch(function (err) {
          if (mine !== generation) return;
          fail('error', TEXT.error + err.message + '.', err.message);
        });
    }

    function live() {
      return state === 'ready' && !busy;
    }

    function fail(next, message, reason) {
      setState(next, message, reason);
      if (next === 'fail') {
        var mine = generation;
        setTimeout(function () {
          if (mine === generation && state === 'fail') load();
        }, FAIL_HOLD_MS);
      }
    }

    function submit(answer) {
      if (!live()) return;
      busy = true;
      status.textContent = TEXT.checking;
      var mine = generation;
      client
        .verify(challenge.id, answer)
        .then(function (r) {
          if (mine !== generation) return;
          busy = false;
          if (r.status === 200 && r.json.pass === true) pass(r.json);
          else if (r.status === 200) fail('fail', TEXT.fail + (r.json.reason || 'that was not it') + '.' + TEXT.again, r.json.reason);
          else if (r.status === 409 || r.status === 410 || r.status === 404)
            fail('fail', TEXT.fail + (r.json.error || 'this puzzle can no longer be answered') + TEXT.again, r.json.error);
          else fail('error', TEXT.error + (r.json.error || 'the server answered ' + r.status), r.json.error);
        })
        .catch(function (err) {
          if (mine !== generation) return;
          busy = false;
          fail('error', TEXT.error + err.message + '.', err.message);
        });
    }

    refresh.addEventListener('click', function () {
      load();
    });
    root.captchaGen = {
      reload: load,
      /** Drops the token and starts over with a new challenge. */
      reset: load,
      /** The pass token while it lives, else ''. */
      getResponse: function () {
        return passToken.get();
      },
      get state() {
        return state;
      },
      get challengeId() {
        return challenge && challenge.id;
      },
    };
    load();
    return root.captchaGen;
  }

  function mountAll(scope) {
    var nodes = (scope || document).querySelectorAll('[data-captcha-gen]');
    Array.prototype.forEach.call(nodes, function (node) {
      mount(node);
    });
  }

  /** The widget of `target` (an element, or a selector). */
  function widgetOf(target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    return node && node.captchaGen;
  }

  // =============================================================================================
  // 10. <captcha-gen sitekey="…" name="…">: a form-associated element whose form value is the
  //     pass token (the form submits it as `name`, default captcha-gen-response; no hidden input).

  function defineElement() {
    if (!global.customElements || !global.Reflect || global.customElements.get('captcha-gen')) return;
    function CaptchaGenElement() {
      return Reflect.construct(HTMLElement, [], CaptchaGenElement);
    }
    CaptchaGenElement.prototype = Object.create(HTMLElement.prototype);
    CaptchaGenElement.prototype.constructor = CaptchaGenElement;
    Object.setPrototypeOf(CaptchaGenElement, HTMLElement);
    CaptchaGenElement.formAssociated = true;
    CaptchaGenElement.prototype.connectedCallback = function () {
      if (this.captchaGen) return;
      if (!this.hasAttribute('name')) this.setAttribute('name', RESPONSE_FIELD);
      mount(this, { internals: this.attachInternals ? this.attachInternals() : null });
    };
    global.customElements.define('captcha-gen', CaptchaGenElement);
  }

  // The path rule is public so the browser test can hold it to the shared vectors.
  global.CaptchaGen = {
    mount: mount,
    mountAll: mountAll,
    getResponse: function (target) {
      var widget = widgetOf(target);
      return widget ? widget.getResponse() : '';
    },
    reset: function (target) {
      var widget = widgetOf(target);
      if (widget) widget.reset();
    },
    resolvePattern: resolvePattern,
  };
  defineElement();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { mountAll(); });
  else mountAll();
})(window);
