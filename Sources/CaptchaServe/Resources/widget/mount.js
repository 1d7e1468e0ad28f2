/* captcha-gen widget, parts 12 and 13: mounting, the effects, the API; <captcha-gen> (see core.js). */
(function (parts) {
  'use strict';

  const pickLanguage = parts.strings.pickLanguage, translator = parts.strings.translator;
  const validOverrides = parts.strings.validOverrides, setStrings = parts.strings.setStrings;
  const RESPONSE_FIELD = parts.core.RESPONSE_FIELD, el = parts.core.el, isNoPuzzle = parts.core.isNoPuzzle;
  const injectStyle = parts.core.injectStyle, createClient = parts.core.createClient;
  const slideControl = parts.slide.slideControl, rotateControl = parts.rotate.rotateControl;
  const resolvePattern = parts.pattern.resolvePattern, patternControl = parts.pattern.patternControl;
  const createPassToken = parts.token.createPassToken, startPow = parts.pow.startPow;
  const powControl = parts.noPuzzle.powControl, createFooter = parts.noPuzzle.createFooter;
  const initialModel = parts.states.initialModel, step = parts.states.step, isLive = parts.states.isLive,
    clientReport = parts.states.clientReport;

  // =============================================================================================
  // 12. The widget: the page's side of states.js. mount() builds the elements, turns what happens
  //     (clicks, the server's answers, the worker, timers) into events, steps the model and carries
  //     out the effects. The proof of work starts when the challenge arrives; a submit waits for it.

  const CONTROLS = { slide: slideControl, rotate: rotateControl, pattern: patternControl, pow: powControl };
  const THEMES = ['light', 'dark', 'auto'];
  const DEFAULT_THEME = 'auto';

  function loadImage(src, failure) {
    return new Promise(function (resolve, reject) {
      const img = new Image();
      img.onload = function () {
        resolve(img);
      };
      img.onerror = function () {
        reject(new Error(failure));
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
   * The widget's words: the language of `data-lang` (or `options.lang`), else of the nearest
   * element with a `lang`, else the browser's, else English; over it the strings of
   * `options.strings` or `data-strings` (JSON). A string override that cannot be used is left out
   * with a warning: the widget still works, in its catalog's words.
   */
  function textFor(root, options) {
    const wanted = setting(root, options, 'lang', 'lang');
    const page = root.parentElement && root.parentElement.closest('[lang]');
    const browser = (typeof navigator !== 'undefined' && navigator.languages) || [];
    const lang = pickLanguage([wanted, page ? page.getAttribute('lang') : ''].concat(Array.prototype.slice.call(browser)));
    let overrides = options.strings;
    const problems = [];
    if (overrides == null && root.hasAttribute('data-strings')) {
      try {
        overrides = JSON.parse(root.getAttribute('data-strings'));
      } catch (err) {
        problems.push('data-strings is not JSON (' + err.message + ')');
      }
    }
    const valid = validOverrides(overrides, problems);
    if (problems.length && typeof console !== 'undefined') console.warn('captcha-gen: ' + problems.join('; '));
    return translator(lang, valid);
  }

  /** `data-theme` (or `options.theme`): light, dark or auto (prefers-color-scheme); anything else is auto. */
  function themeFor(root, options) {
    const theme = setting(root, options, 'theme', 'theme');
    return THEMES.indexOf(theme) >= 0 ? theme : DEFAULT_THEME;
  }

  function announce(root, name, detail) {
    root.dispatchEvent(new CustomEvent('captcha-gen:' + name, { bubbles: true, detail: detail }));
  }

  /**
   * Mounts a widget in `root`. `options` (each also read from data-* attributes): kind, endpoint,
   * sitekey, responseField, lang, theme, strings; callbacks onPass(token), onExpire(),
   * onError(message), onState(state, challenge, reason). Returns {reload, reset, getResponse, state,
   * challengeId}.
   */
  function mount(root, options) {
    if (!root || root.captchaGen) return root && root.captchaGen;
    options = options || {};
    injectStyle();
    const sitekey = setting(root, options, 'sitekey', 'sitekey');
    const text = textFor(root, options);
    const client = createClient(setting(root, options, 'endpoint', 'endpoint'), text);
    root.classList.add('cg');
    root.setAttribute('lang', text.lang);
    root.setAttribute('dir', text.dir);
    root.setAttribute('data-theme', themeFor(root, options));
    root.setAttribute('data-captcha-gen', '');
    root.textContent = '';
    const head = el('div', { class: 'cg-head' }, root);
    const prompt = el('p', { class: 'cg-prompt', text: text.t('loading') }, head);
    const refreshLabel = text.t('newPuzzle');
    const refresh = el('button', { type: 'button', class: 'cg-refresh', 'aria-label': refreshLabel, title: refreshLabel, text: '↻' }, head);
    const body = el('div', { class: 'cg-body' }, root);
    const status = el('div', { class: 'cg-status', role: 'status', 'aria-live': 'polite', tabindex: '-1' }, root);
    const footer = createFooter(
      root,
      status,
      text,
      function () {
        dispatch({ type: 'switchMode' });
      },
      function () {
        dispatch({ type: 'load' });
      },
    );
    const fieldName = setting(root, options, 'responseField', 'response-field') || RESPONSE_FIELD;
    const passToken = createPassToken(root, fieldName, options.internals, function () {
      dispatch({ type: 'expired' });
    });
    let model = initialModel(setting(root, options, 'kind', 'kind'), Object.keys(CONTROLS), text);
    let control = null;
    let pow = null; // the proof of work of the challenge being loaded or shown (startPow)
    // For the verify's `client` report: answers sent since the last pass, and when the challenge
    // shown was asked for and came on screen.
    let attempts = 0;
    let requestedAt = null;
    let shownAt = null;

    /** Steps the model with `event` and carries out its effects, in order. */
    function dispatch(event) {
      event.hadFocus = root.contains(document.activeElement);
      const out = step(model, event);
      model = out.model;
      out.effects.forEach(perform);
    }

    const EFFECTS = {
      clear: function () {
        passToken.clear();
        if (pow) pow.cancel();
        pow = null;
        root.removeAttribute('data-challenge-id');
        root.removeAttribute('data-pow');
      },
      show: function (e) {
        const ch = model.challenge;
        root.setAttribute('data-state', e.state);
        root.setAttribute('aria-busy', String(e.state === 'loading'));
        status.textContent = e.message;
        footer.show(e.state, ch, model.noPuzzle);
        if (e.state === 'error') root.classList.remove('cg-invisible');
        announce(root, 'state', { state: e.state, id: ch && ch.id, kind: ch ? ch.kind : model.kind, reason: e.reason });
        if (typeof options.onState === 'function') options.onState(e.state, ch, e.reason);
        if (e.state === 'error') notify(options, 'onError', e.reason);
      },
      fetch: fetchChallenge,
      render: function (e) {
        const ch = e.challenge;
        body.textContent = '';
        prompt.textContent = e.prompt;
        root.classList.toggle('cg-invisible', e.invisible);
        control = CONTROLS[ch.kind](ch, {
          root: root,
          main: body,
          submit: function (answer) {
            dispatch({ type: 'submit', answer: answer });
          },
          live: function () {
            return isLive(model);
          },
          text: text,
        });
        root.setAttribute('data-challenge-id', ch.id);
        shownAt = Date.now();
      },
      focusControl: function () {
        control.focus();
      },
      focusRetry: function () {
        footer.focusRetry();
      },
      status: function (e) {
        status.textContent = e.message;
      },
      verify: verify,
      holdThenReload: function (e) {
        setTimeout(function () {
          dispatch({ type: 'holdElapsed', generation: e.generation });
        }, e.ms);
      },
      keepToken: function (e) {
        attempts = 0;
        passToken.set(e.token, e.expiresAt);
      },
      announcePass: function (e) {
        announce(root, 'pass', { token: e.token, expiresAt: e.expiresAt, id: e.id, kind: e.kind });
        notify(options, 'onPass', e.token);
      },
      announceExpire: function (e) {
        announce(root, 'expire', { id: e.id });
        notify(options, 'onExpire');
      },
    };

    function perform(effect) {
      EFFECTS[effect.effect](effect);
    }

    /** A new challenge: its proof of work starts at once, its pictures are loaded before it shows. */
    function fetchChallenge(e) {
      let job = null;
      requestedAt = Date.now();
      shownAt = null;
      client
        .newChallenge(e.kind, sitekey)
        .then(function (ch) {
          if (e.generation !== model.generation) return null;
          job = pow = solvePow(ch, e.generation);
          if (isNoPuzzle(ch)) return ch;
          ch.backgroundURL = client.url(ch.background);
          ch.pieceURL = client.url(ch.piece);
          const failure = text.t('imageFailed');
          return Promise.all([loadImage(ch.backgroundURL, failure), loadImage(ch.pieceURL, failure)]).then(function () {
            return ch;
          });
        })
        .then(function (ch) {
          if (!ch) return;
          dispatch({ type: 'arrived', generation: e.generation, challenge: ch, powError: job.error && job.error.message });
        })
        .catch(function (err) {
          dispatch({ type: 'loadFailed', generation: e.generation, message: err.message });
        });
    }

    /** Starts `ch`'s proof of work; its state shows in data-pow and a "captcha-gen:pow" event. */
    function solvePow(ch, generation) {
      return startPow(
        client,
        ch,
        function (powState, job) {
          if (generation !== model.generation) return;
          root.setAttribute('data-pow', powState);
          announce(root, 'pow', { state: powState, id: ch.id, level: ch.pow && ch.pow.level, ms: job.ms });
          if (powState === 'error') dispatch({ type: 'powError', generation: generation, message: job.error.message });
        },
        function (solved, total) {
          if (generation === model.generation && control && control.progress) control.progress(solved, total);
        },
      );
    }

    /** The proof of work's solution, once the worker has it ("Checking…" until then). */
    function powSolution(generation) {
      const ch = model.challenge;
      if (!pow || pow.solution || !ch.pow) return Promise.resolve(pow && pow.solution);
      if (!isNoPuzzle(ch)) status.textContent = text.t('powWait');
      root.setAttribute('aria-busy', 'true');
      return pow.wait().then(function (solution) {
        if (generation === model.generation) root.setAttribute('aria-busy', 'false');
        return solution;
      });
    }

    /** Sends the answer with the proof of work's solution; the outcome comes back as an event. */
    function verify(e) {
      const id = model.challenge.id;
      const answeredAt = Date.now();
      powSolution(e.generation)
        .then(
          function (solution) {
            if (e.generation !== model.generation) return null;
            const body = {};
            for (const key in e.answer) body[key] = e.answer[key];
            if (solution) body.pow = { nonces: solution.nonces };
            attempts += 1;
            body.client = clientReport({
              attempt: attempts, requestedAt: requestedAt, shownAt: shownAt, answeredAt: answeredAt,
              powMs: pow && pow.ms, webdriver: navigator.webdriver,
            });
            return client.verify(id, body).then(function (r) {
              return { type: 'verified', generation: e.generation, status: r.status, json: r.json };
            });
          },
          function (err) {
            return { type: 'submitError', generation: e.generation, message: err.message, pow: true };
          },
        )
        .catch(function (err) {
          return { type: 'submitError', generation: e.generation, message: err.message, pow: false };
        })
        .then(function (event) {
          if (event) dispatch(event);
        });
    }

    refresh.addEventListener('click', function () {
      dispatch({ type: 'load' });
    });
    function reload(message) {
      dispatch({ type: 'load', message: message });
    }
    root.captchaGen = {
      reload: reload,
      /** Drops the token and starts over with a new challenge. */
      reset: reload,
      /** The pass token while it lives, else ''. */
      getResponse: function () {
        return passToken.get();
      },
      get state() {
        return model.state;
      },
      get challengeId() {
        return model.challenge && model.challenge.id;
      },
    };
    reload();
    return root.captchaGen;
  }

  function mountAll(scope) {
    const nodes = (scope || document).querySelectorAll('[data-captcha-gen]');
    Array.prototype.forEach.call(nodes, function (node) {
      mount(node);
    });
  }

  /** The widget of `target` (an element, or a selector). */
  function widgetOf(target) {
    const node = typeof target === 'string' ? document.querySelector(target) : target;
    return node && node.captchaGen;
  }

  // =============================================================================================
  // 13. <captcha-gen sitekey="…" name="…">: a form-associated element whose form value is the
  //     pass token (the form submits it as `name`, default captcha-gen-response; no hidden input).

  function defineElement() {
    if (!window.customElements || !window.Reflect || window.customElements.get('captcha-gen')) return;
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
    window.customElements.define('captcha-gen', CaptchaGenElement);
  }

  /** The page's API; the path rule is public so the browser test can hold it to the shared vectors. */
  const api = {
    mount: mount,
    mountAll: mountAll,
    getResponse: function (target) {
      const widget = widgetOf(target);
      return widget ? widget.getResponse() : '';
    },
    reset: function (target) {
      const widget = widgetOf(target);
      if (widget) widget.reset();
    },
    resolvePattern: resolvePattern,
    /** Overrides strings of language `lang` for every widget mounted after: {key: text}. */
    strings: setStrings,
  };

  /** Publishes the API, defines <captcha-gen> and mounts the page's widgets once it has parsed. */
  function start() {
    window.CaptchaGen = api;
    defineElement();
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { mountAll(); });
    else mountAll();
  }

  parts.mount = { api: api, start: start };
})(CaptchaGenParts);
