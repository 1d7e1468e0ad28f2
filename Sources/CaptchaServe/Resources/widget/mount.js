  var CONTROLS = { slide: slideControl, rotate: rotateControl, pattern: patternControl, pow: powControl };

  // =============================================================================================
  // 11. The widget: one challenge at a time; states loading → ready → pass | fail (→ loading) | error.
  //     Its proof of work starts when the challenge arrives; a submit waits for it.

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
    var status = el('div', { class: 'cg-status', role: 'status', 'aria-live': 'polite', tabindex: '-1' }, root);
    var footer = createFooter(root, status, switchMode, function () {
      load();
    });
    var fieldName = setting(root, options, 'responseField', 'response-field') || RESPONSE_FIELD;
    var passToken = createPassToken(root, fieldName, options.internals, expire);
    var generation = 0; // drops answers to requests a newer load has overtaken
    var state = null;
    var challenge = null;
    var busy = false;
    var control = null;
    var pow = null; // the proof of work of `challenge` (startPow)
    var choseNoPuzzle = false; // the person pressed "I can't solve the puzzle"

    function setState(next, message, reason) {
      state = next;
      root.setAttribute('data-state', next);
      root.setAttribute('aria-busy', String(next === 'loading'));
      status.textContent = message;
      footer.show(next, challenge, choseNoPuzzle);
      if (next === 'error') root.classList.remove('cg-invisible');
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

    /** The person asks for the no-puzzle challenge, or back for a puzzle. */
    function switchMode() {
      choseNoPuzzle = !choseNoPuzzle;
      load();
    }

    /** Starts `ch`'s proof of work; its state shows in data-pow and a "captcha-gen:pow" event. */
    function solvePow(ch, mine) {
      return startPow(
        client,
        ch,
        function (powState, job) {
          if (mine !== generation) return;
          root.setAttribute('data-pow', powState);
          var detail = { state: powState, id: ch.id, level: ch.pow && ch.pow.level, ms: job.ms };
          root.dispatchEvent(new CustomEvent('captcha-gen:pow', { bubbles: true, detail: detail }));
          if (powState === 'error' && state === 'ready' && !busy) powFailed(job.error);
        },
        function (solved, total) {
          if (mine === generation && control && control.progress) control.progress(solved, total);
        },
      );
    }

    function powFailed(err) {
      fail('error', TEXT.powError + err.message + '.', err.message);
      footer.focusRetry();
    }

    function load(message) {
      var mine = ++generation;
      var hadFocus = root.contains(document.activeElement);
      passToken.clear();
      if (pow) pow.cancel();
      pow = null;
      challenge = null;
      root.removeAttribute('data-challenge-id');
      root.removeAttribute('data-pow');
      setState('loading', typeof message === 'string' ? message : TEXT.loading);
      client
        .newChallenge(choseNoPuzzle ? 'pow' : kind, sitekey)
        .then(function (ch) {
          if (mine !== generation) return ch;
          pow = solvePow(ch, mine);
          if (ch.kind === 'pow') return ch;
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
          root.classList.toggle('cg-invisible', isInvisible(ch, choseNoPuzzle));
          control = CONTROLS[ch.kind](ch, { root: root, main: body, submit: submit, live: live });
          root.setAttribute('data-challenge-id', ch.id);
          setState('ready', ch.kind === 'pow' ? TEXT.checking : 'Puzzle ready.');
          if (pow.error) return powFailed(pow.error);
          if (ch.kind === 'pow') submit({});
          else if (hadFocus) control.focus();
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

    /** The answer with the proof of work's solution, once the worker has it ("Checking…" until then). */
    function withPow(answer, mine) {
      if (!pow || pow.solution || !challenge.pow) return Promise.resolve(pow && pow.solution);
      if (challenge.kind !== 'pow') status.textContent = TEXT.powWait;
      root.setAttribute('aria-busy', 'true');
      return pow.wait().then(function (solution) {
        if (mine === generation) root.setAttribute('aria-busy', 'false');
        return solution;
      });
    }

    function submit(answer) {
      if (!live()) return;
      busy = true;
      status.textContent = TEXT.checking;
      var mine = generation;
      withPow(answer, mine)
        .then(
          function (solution) {
            if (mine !== generation) return null;
            var body = {};
            for (var key in answer) body[key] = answer[key];
            if (solution) body.pow = { nonces: solution.nonces };
            return client.verify(challenge.id, body);
          },
          function (err) {
            if (mine !== generation) return null;
            busy = false;
            powFailed(err);
            return null;
          },
        )
        .then(function (r) {
          if (!r) return;
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
  // 12. <captcha-gen sitekey="…" name="…">: a form-associated element whose form value is the
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
