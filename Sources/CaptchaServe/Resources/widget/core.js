/*
 * captcha-gen widget: one dependency-free script, served by `captcha-gen serve` at /widget.js.
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
 * Proof of work: a challenge's "pow" puzzle is solved in a Web Worker (the server's /pow-worker.js)
 * while the person works on the picture, and verify sends the solution; a person who is faster
 * sees "Checking…" until it is done. When the site allows the no-puzzle challenge, a button "I can't
 * solve the puzzle" switches to it; a site whose default kind is "pow" gets the invisible mode (no
 * picture: the widget solves in the background and fills the form field).
 *
 * Languages: data-lang="de" (else the page's lang, else the browser's languages, else English)
 * picks the catalog of strings.js; the root gets lang and dir (rtl for Arabic, Hebrew, Persian,
 * Urdu). CaptchaGen.strings(lang, {key: text}) or data-strings='{"key": "text"}' overrides strings.
 * Themes: data-theme="light|dark|auto" (default auto: prefers-color-scheme); every colour is a
 * --cg-* custom property a site may set on the element (docs/serving.md, "The widget").
 *
 * Served as one script: `serve` joins the files of Resources/widget/ in this order (ServeAssets.
 * widgetParts) inside one function that holds `CaptchaGenParts`, the parts' namespace: strings.js
 * (every word, per language), core.js (1
 * page helpers, 2 the server client), input.js (3 steps: stops to snap to, 4 the input core: drags
 * with their track, slider keys, the value a drag or Enter submits), slide.js (5), rotate.js (6),
 * pattern.js (7), token.js (8 the pass token: form field, expiry), pow.js (9 the proof-of-work
 * worker), no-puzzle.js (10 the no-puzzle and invisible modes), states.js (11 the widget's states
 * and decisions, a pure function), mount.js (12 the widget: mounting, the effects, the API; 13 the
 * <captcha-gen> form element). Each part is a function of that namespace alone: it reads what the
 * parts before it registered (parts.core.el, …) and registers its own names (parts.input = {…}); it
 * touches the page only when called, so each part parses and loads alone (Tests/JavaScript runs
 * them under node).
 */
(function (parts) {
  'use strict';

  const FAIL_HOLD_MS = 1000; // how long "fail" stays before a new challenge is fetched
  const SNAP_MS = 180; // the stepped knob's snap animation
  const RING_FACTOR = 1.22; // rotate: ring radius over the disc radius (inside the background's gap band)
  const KEY_STEPS = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 };

  const RESPONSE_FIELD = 'captcha-gen-response'; // the form field the pass token goes into

  // The no-puzzle challenge's kind on the wire ({"kind": "pow"}: proof of work only, no picture;
  // ChallengeChoice.noPuzzleName on the server). The one place the widget spells it.
  const NO_PUZZLE_KIND = 'pow';

  /** Whether `ch` is the no-puzzle challenge. */
  function isNoPuzzle(ch) {
    return !!ch && ch.kind === NO_PUZZLE_KIND;
  }

  // The look: every colour a --cg-* custom property, set at zero specificity (:where) so that any
  // rule of the site's wins. Light, dark (data-theme), and auto following prefers-color-scheme.
  const LIGHT =
    '--cg-bg:#fff;--cg-fg:#1f2937;--cg-muted:#475569;--cg-line:#d4d8e0;--cg-control-line:#7b8494;' +
    '--cg-surface:#eef2f7;--cg-stage:#e2e8f0;--cg-raised:#fff;--cg-hover:#f1f5f9;--cg-accent:#2563eb;' +
    '--cg-on-accent:#fff;--cg-pass:#15803d;--cg-fail:#b91c1c;--cg-on-state:#fff;' +
    '--cg-fill:rgba(37,99,235,.15);--cg-shadow:rgba(15,23,42,.25);color-scheme:light';
  const DARK =
    '--cg-bg:#111827;--cg-fg:#f3f4f6;--cg-muted:#cbd5e1;--cg-line:#374151;--cg-control-line:#8b95a7;' +
    '--cg-surface:#1f2937;--cg-stage:#273244;--cg-raised:#1f2937;--cg-hover:#2b3648;--cg-accent:#7aa7ff;' +
    '--cg-on-accent:#0b1220;--cg-pass:#4ade80;--cg-fail:#f87171;--cg-on-state:#0b1220;' +
    '--cg-fill:rgba(122,167,255,.22);--cg-shadow:rgba(0,0,0,.6);color-scheme:dark';

  const CSS = [
    ':where(.cg){' + LIGHT + '}',
    ':where(.cg[data-theme=dark]){' + DARK + '}',
    '@media (prefers-color-scheme:dark){:where(.cg[data-theme=auto]){' + DARK + '}}',
    '.cg{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--cg-fg);',
    'box-sizing:border-box;width:100%;max-width:100%;border:1px solid var(--cg-line);border-radius:12px;',
    'background:var(--cg-bg);padding:12px;box-shadow:0 1px 3px var(--cg-shadow)}',
    '.cg *,.cg *::before,.cg *::after{box-sizing:border-box}',
    '.cg-head{display:flex;align-items:center;gap:8px;margin-bottom:8px}',
    '.cg-prompt{flex:1;margin:0;font-weight:500}',
    '.cg-refresh{flex:none;width:44px;height:44px;border:1px solid var(--cg-control-line);border-radius:8px;',
    'background:var(--cg-raised);color:var(--cg-muted);cursor:pointer;font-size:18px;line-height:1}',
    '.cg-refresh:hover{background:var(--cg-hover)}',
    '.cg-hint{display:block;max-width:100%;height:auto;margin:0 0 8px;border-radius:6px}',
    // The puzzle keeps the picture's geometry in every writing direction.
    '.cg-row,.cg-stage,.cg-track{direction:ltr}',
    '.cg-row{display:flex;gap:8px;align-items:stretch}',
    '.cg-row>.cg-stage{flex:1;min-width:0}',
    '.cg-track.cg-beside-y{margin-right:52px}',
    '.cg-stage{position:relative;width:100%;overflow:hidden;border-radius:8px;background:var(--cg-stage);',
    'touch-action:none;user-select:none;-webkit-user-select:none}',
    '.cg-stage>img.cg-bg{position:absolute;inset:0;width:100%;height:100%;display:block;pointer-events:none}',
    '.cg-piece{position:absolute;display:block;pointer-events:none;filter:drop-shadow(0 2px 3px rgba(0,0,0,.35))}',
    '.cg-grab{cursor:grab}.cg-dragging .cg-grab,.cg-dragging{cursor:grabbing}',
    '.cg-track{position:relative;height:44px;margin-top:8px;border-radius:22px;background:var(--cg-surface);',
    'border:1px solid var(--cg-line);touch-action:none}',
    '.cg-track.cg-y{height:auto;width:44px;margin-top:0}',
    '.cg-track-label{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;',
    'color:var(--cg-muted);font-size:13px;pointer-events:none}',
    '.cg-y .cg-track-label{writing-mode:vertical-rl}',
    '.cg-fill{position:absolute;left:0;top:0;bottom:0;border-radius:22px;background:var(--cg-fill)}',
    '.cg-y .cg-fill{right:0;bottom:auto}',
    '.cg-knob{position:absolute;top:-1px;bottom:-1px;min-width:44px;border-radius:22px;background:var(--cg-raised);',
    'border:1px solid var(--cg-control-line);box-shadow:0 1px 4px var(--cg-shadow);display:flex;align-items:center;',
    'justify-content:center;color:var(--cg-accent);cursor:grab;touch-action:none}',
    '.cg-y .cg-knob{top:auto;bottom:auto;left:-1px;right:-1px;min-width:0;min-height:44px}',
    '.cg-knob svg{width:20px;height:20px;pointer-events:none}',
    '.cg-y .cg-knob svg{transform:rotate(90deg)}',
    '.cg-tick{position:absolute;top:50%;width:4px;height:4px;margin:-2px;border-radius:50%;background:var(--cg-control-line);pointer-events:none}',
    '.cg-y .cg-tick{left:50%}',
    '.cg-snapping .cg-knob,.cg-snapping .cg-fill,.cg-snapping .cg-piece,.cg-snapping .cg-arm{',
    'transition:left ' + SNAP_MS + 'ms ease-out,top ' + SNAP_MS + 'ms ease-out,width ' + SNAP_MS +
      'ms ease-out,height ' + SNAP_MS + 'ms ease-out,transform ' + SNAP_MS + 'ms ease-out}',
    '.cg-ring{position:absolute;border-radius:50%;border:3px solid rgba(255,255,255,.75);',
    'box-shadow:0 0 0 1px rgba(15,23,42,.25),inset 0 0 0 1px rgba(15,23,42,.25);pointer-events:none}',
    '.cg-arm{position:absolute;inset:-3px;pointer-events:none}',
    '.cg-handle{position:absolute;left:50%;top:0;width:44px;height:44px;margin:-22px 0 0 -22px;border-radius:50%;',
    'background:var(--cg-raised);border:2px solid var(--cg-accent);box-shadow:0 1px 4px var(--cg-shadow);cursor:grab;',
    'pointer-events:auto;touch-action:none}',
    '.cg-ring .cg-tick{top:0;left:50%;width:6px;height:6px;margin:-3px;background:#fff;box-shadow:0 0 0 1px rgba(15,23,42,.4)}',
    '.cg-lines{position:absolute;inset:0;width:100%;height:100%;pointer-events:none}',
    '.cg-lines polyline{fill:none;stroke:var(--cg-accent);stroke-opacity:.85;stroke-linecap:round;stroke-linejoin:round}',
    '.cg-dot{position:absolute;min-width:44px;min-height:44px;transform:translate(-50%,-50%);border-radius:50%;',
    'border:2px solid rgba(255,255,255,.0);cursor:pointer}',
    '.cg-dot[aria-pressed=true]{border-color:#fff;background:rgba(37,99,235,.35);box-shadow:0 0 0 2px var(--cg-accent)}',
    '.cg-order{position:absolute;right:-4px;top:-4px;min-width:18px;height:18px;border-radius:9px;',
    'background:var(--cg-accent);color:var(--cg-on-accent);font-size:11px;font-weight:600;display:flex;align-items:center;',
    'justify-content:center;padding:0 4px}',
    '.cg-actions{display:flex;gap:8px;margin-top:8px}',
    '.cg-button{flex:1;min-height:44px;border-radius:8px;border:1px solid var(--cg-control-line);background:var(--cg-raised);',
    'font:inherit;font-weight:500;color:var(--cg-fg);cursor:pointer}',
    '.cg-button.cg-primary{background:var(--cg-accent);border-color:var(--cg-accent);color:var(--cg-on-accent)}',
    '.cg-button:disabled{opacity:.5;cursor:default}',
    '.cg-status{min-height:1.4em;margin-top:8px;font-size:13px;color:var(--cg-muted)}',
    '.cg-foot{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}',
    '.cg-foot button{font:inherit;font-size:13px;min-height:44px;padding:4px 12px;border:1px solid var(--cg-control-line);',
    'border-radius:8px;background:var(--cg-raised);color:var(--cg-accent);cursor:pointer}',
    '.cg-foot button:focus-visible{outline:3px solid var(--cg-accent);outline-offset:2px}',
    '.cg-foot button[hidden]{display:none}',
    '.cg-pow{display:block;width:100%;height:8px;margin-top:8px;accent-color:var(--cg-accent)}',
    '.cg.cg-invisible{border:0;padding:0;box-shadow:none;background:none}',
    '.cg-invisible .cg-head,.cg-invisible .cg-body,.cg-invisible .cg-status{position:absolute;width:1px;height:1px;',
    'overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;margin:0}',
    '.cg[data-state=pass] .cg-status{color:var(--cg-pass);font-weight:600}',
    '.cg[data-state=fail] .cg-status,.cg[data-state=error] .cg-status{color:var(--cg-fail);font-weight:600}',
    '.cg[data-state=pass]{border-color:var(--cg-pass)}',
    '.cg[data-state=fail]{border-color:var(--cg-fail);animation:cg-shake .3s}',
    '.cg[data-state=loading] .cg-stage{opacity:.6}',
    '.cg[data-state=pass] .cg-knob,.cg[data-state=pass] .cg-handle{background:var(--cg-pass);border-color:var(--cg-pass);color:var(--cg-on-state)}',
    '.cg[data-state=fail] .cg-knob,.cg[data-state=fail] .cg-handle{background:var(--cg-fail);border-color:var(--cg-fail);color:var(--cg-on-state)}',
    '.cg[data-state=pass] .cg-lines polyline{stroke:var(--cg-pass)}',
    '.cg[data-state=fail] .cg-lines polyline{stroke:var(--cg-fail)}',
    '.cg[data-state=pass] .cg-stage,.cg[data-state=fail] .cg-stage{pointer-events:none}',
    '.cg-knob:focus-visible,.cg-handle:focus-visible,.cg-dot:focus-visible,.cg-button:focus-visible,',
    '.cg-refresh:focus-visible{outline:3px solid var(--cg-accent);outline-offset:2px;',
    'box-shadow:0 0 0 2px var(--cg-bg),0 0 0 7px var(--cg-accent)}',
    '@keyframes cg-shake{25%{transform:translateX(-4px)}75%{transform:translateX(4px)}}',
    '@media (prefers-reduced-motion:reduce){.cg,.cg *{animation:none!important;transition:none!important}}',
  ].join('');

  // =============================================================================================
  // 1. Page helpers: DOM, geometry, the pictures.

  function el(tag, attrs, parent) {
    const node = document.createElement(tag);
    for (const name in attrs || {}) {
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
    const r = stage.getBoundingClientRect();
    return { x: ((clientX - r.left) * ch.width) / r.width, y: ((clientY - r.top) * ch.height) / r.height };
  }

  /** The picture the controls sit on: the background, scaled to its container. */
  function stageFor(ch, parent) {
    const stage = el('div', { class: 'cg-stage' }, parent);
    stage.style.aspectRatio = ch.width + ' / ' + ch.height;
    el('img', { class: 'cg-bg', alt: '', src: ch.backgroundURL, draggable: 'false' }, stage);
    return stage;
  }

  /** piece.png on the stage, sized in background pixels. */
  function pieceImage(ch, stage) {
    const img = el('img', { class: 'cg-piece', alt: '', src: ch.pieceURL, draggable: 'false' }, stage);
    img.style.width = pct(ch.piece_width, ch.width);
    img.style.height = pct(ch.piece_height, ch.height);
    return img;
  }

  // =============================================================================================
  // 2. The server client: new challenges and verifies (JSON under /v1).

  /** The client of `endpoint`; `text` words its errors (strings.js translator). */
  function createClient(endpoint, text) {
    const base = (endpoint || '').replace(/\/+$/, '');
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
        const body = {};
        if (kind) body.kind = kind;
        if (sitekey) body.sitekey = sitekey;
        if (navigator.webdriver) body.client = { webdriver: true };
        return post('/v1/challenges', body).then(
          function (r) {
            if (r.status !== 200) throw new Error(r.json.error || text.t('serverAnswered', { status: r.status }));
            return r.json;
          },
          function (err) {
            return reachable().then(function (up) {
              if (!up) throw err;
              throw new Error(
                sitekey
                  ? text.t('hostNotAllowed', { host: location.hostname, sitekey: sitekey })
                  : text.t('hostNotAllowedHere', { host: location.hostname }),
              );
            });
          },
        );
      },
      verify: function (id, body) {
        return post('/v1/challenges/' + encodeURIComponent(id) + '/verify', body);
      },
    };
  }

  parts.core = { THEME_COLOURS: { light: LIGHT, dark: DARK }, FAIL_HOLD_MS: FAIL_HOLD_MS, SNAP_MS: SNAP_MS, RING_FACTOR: RING_FACTOR,
    KEY_STEPS: KEY_STEPS, RESPONSE_FIELD: RESPONSE_FIELD, NO_PUZZLE_KIND: NO_PUZZLE_KIND, isNoPuzzle: isNoPuzzle, el: el,
    injectStyle: injectStyle, pct: pct, clamp: clamp, round2: round2, shortTurn: shortTurn,
    toBackground: toBackground, stageFor: stageFor, pieceImage: pieceImage,
    createClient: createClient };
})(CaptchaGenParts);
