/* captcha-gen widget, part 11: the widget's states and decisions (see core.js). */
(function (parts) {
  'use strict';

  const FAIL_HOLD_MS = parts.core.FAIL_HOLD_MS;
  const NO_PUZZLE_KIND = parts.core.NO_PUZZLE_KIND, isNoPuzzle = parts.core.isNoPuzzle;
  const isInvisible = parts.noPuzzle.isInvisible;

  // =============================================================================================
  // 11. The widget's states and decisions as a pure function: step(model, event) returns the next
  //     model and the effects that mount.js carries out, in order (the page, the server, timers).
  //     One challenge at a time; states loading → ready → pass | fail (→ loading) | error. A load
  //     starts a new generation: an event of an older one (an answer a newer load overtook, the
  //     worker of a challenge no longer shown) changes nothing.
  //
  //     Events: load {message?, hadFocus?}, switchMode, expired, arrived {generation, challenge,
  //     powError?}, loadFailed {generation, message}, submit {answer}, verified {generation, status,
  //     json}, submitError {generation, message, pow}, powError {generation, message}, holdElapsed
  //     {generation}. Effects: clear, show {state, message, reason}, fetch {kind, generation},
  //     render {challenge, prompt, invisible}, focusControl, focusRetry, status {message}, verify
  //     {answer, generation}, holdThenReload {ms, generation}, keepToken {token, expiresAt},
  //     announcePass {token, expiresAt, id, kind}, announceExpire {id}.

  /** The catalog key of each kind's prompt. */
  const PROMPTS = { slide: 'promptSlide', rotate: 'promptRotate', pattern: 'promptPattern', [NO_PUZZLE_KIND]: 'promptPow' };

  /**
   * A widget before its first load: it asks for `kind` ('' for the server's first), shows `kinds`
   * and words everything with `text` (strings.js translator).
   */
  function initialModel(kind, kinds, text) {
    return {
      kind: kind,
      kinds: kinds,
      text: text,
      state: null,
      generation: 0,
      challenge: null,
      busy: false, // an answer is on its way (or waits for the proof of work)
      noPuzzle: false, // the person chose the no-puzzle challenge
      focusOnReady: false, // the widget had the focus when this load began
    };
  }

  function assign(model, changes) {
    const next = {};
    for (const key in model) next[key] = model[key];
    for (const name in changes) next[name] = changes[name];
    return next;
  }

  function result(model, effects) {
    return { model: model, effects: effects };
  }

  /** `first`'s effects, then those of `second`, which was stepped from first's model. */
  function then(first, second) {
    return result(second.model, first.effects.concat(second.effects));
  }

  function show(state, message, reason) {
    return { effect: 'show', state: state, message: message, reason: reason || null };
  }

  function isCurrent(model, event) {
    return event.generation === model.generation;
  }

  function failed(model, message, reason) {
    return result(assign(model, { state: 'fail' }), [
      show('fail', message, reason),
      { effect: 'holdThenReload', ms: FAIL_HOLD_MS, generation: model.generation },
    ]);
  }

  function errored(model, message, reason) {
    return result(assign(model, { state: 'error' }), [show('error', message, reason)]);
  }

  /** A sentence of the server or the browser as it goes inside one of ours: no full stop of its own. */
  function clause(text) {
    return String(text).replace(/[.。]\s*$/, '');
  }

  /**
   * Why the server said no, in the widget's language: the catalog's `reason.CODE` for its
   * `reason_code`, else its English `fallback` field, else the widget's `otherwise` key.
   */
  function serverReason(model, json, fallback, otherwise) {
    const known = json.reason_code && model.text.t('reason.' + json.reason_code);
    return clause(known || json[fallback] || model.text.t(otherwise));
  }

  function powFailed(model, message) {
    const out = errored(model, model.text.t('powError', { reason: clause(message) }), message);
    return result(out.model, out.effects.concat([{ effect: 'focusRetry' }]));
  }

  /** What the server's answer to a verify means: pass (with its token), fail, or error. */
  function verdict(model, status, json) {
    if (status === 200 && json.pass === true) {
      const ch = model.challenge;
      const effects = json.token ? [{ effect: 'keepToken', token: json.token, expiresAt: json.token_expires_at }] : [];
      return result(assign(model, { state: 'pass' }), effects.concat([
        show('pass', model.text.t('pass'), json.reason),
        { effect: 'announcePass', token: json.token, expiresAt: json.token_expires_at, id: ch.id, kind: ch.kind },
      ]));
    }
    const text = model.text;
    if (status === 200) return failed(model, text.t('fail', { reason: serverReason(model, json, 'reason', 'notIt') }), json.reason);
    if (status === 409 || status === 410 || status === 404)
      return failed(model, text.t('fail', { reason: serverReason(model, json, 'error', 'gone') }), json.error);
    const why = json.error ? serverReason(model, json, 'error', 'gone') : text.t('serverAnswered', { status: status });
    return errored(model, text.t('error', { reason: why }), json.error);
  }

  const HANDLERS = {
    load: function (model, event) {
      const generation = model.generation + 1;
      const next = assign(model, {
        state: 'loading',
        generation: generation,
        challenge: null,
        focusOnReady: !!event.hadFocus,
      });
      return result(next, [
        { effect: 'clear' },
        show('loading', typeof event.message === 'string' ? event.message : model.text.t('loading')),
        { effect: 'fetch', kind: model.noPuzzle ? NO_PUZZLE_KIND : model.kind, generation: generation },
      ]);
    },
    switchMode: function (model, event) {
      return HANDLERS.load(assign(model, { noPuzzle: !model.noPuzzle }), { hadFocus: event.hadFocus });
    },
    expired: function (model, event) {
      const announce = [{ effect: 'announceExpire', id: model.challenge && model.challenge.id }];
      const expired = model.text.t('expired');
      return then(result(model, announce), HANDLERS.load(model, { message: expired, hadFocus: event.hadFocus }));
    },
    arrived: function (model, event) {
      if (!isCurrent(model, event)) return result(model, []);
      const ch = event.challenge;
      const text = model.text;
      if (model.kinds.indexOf(ch.kind) < 0) {
        const cannot = text.t('cannotShow', { kind: ch.kind });
        return errored(model, text.t('error', { reason: cannot }), cannot);
      }
      const ready = result(assign(model, { state: 'ready', challenge: ch, busy: false }), [
        { effect: 'render', challenge: ch, prompt: text.t(PROMPTS[ch.kind]), invisible: isInvisible(ch, model.noPuzzle) },
        show('ready', text.t(isNoPuzzle(ch) ? 'checking' : 'ready')),
      ]);
      if (event.powError) return then(ready, powFailed(ready.model, event.powError));
      if (isNoPuzzle(ch)) return then(ready, HANDLERS.submit(ready.model, { answer: {} }));
      if (model.focusOnReady) ready.effects.push({ effect: 'focusControl' });
      return ready;
    },
    loadFailed: function (model, event) {
      if (!isCurrent(model, event)) return result(model, []);
      return errored(model, model.text.t('error', { reason: clause(event.message) }), event.message);
    },
    submit: function (model, event) {
      if (!isLive(model)) return result(model, []);
      return result(assign(model, { busy: true }), [
        { effect: 'status', message: model.text.t('checking') },
        { effect: 'verify', answer: event.answer, generation: model.generation },
      ]);
    },
    verified: function (model, event) {
      if (!isCurrent(model, event)) return result(model, []);
      return verdict(assign(model, { busy: false }), event.status, event.json || {});
    },
    submitError: function (model, event) {
      if (!isCurrent(model, event)) return result(model, []);
      const idle = assign(model, { busy: false });
      if (event.pow) return powFailed(idle, event.message);
      return errored(idle, model.text.t('error', { reason: clause(event.message) }), event.message);
    },
    powError: function (model, event) {
      if (!isCurrent(model, event) || !isLive(model)) return result(model, []);
      return powFailed(model, event.message);
    },
    holdElapsed: function (model, event) {
      if (!isCurrent(model, event) || model.state !== 'fail') return result(model, []);
      return HANDLERS.load(model, { hadFocus: event.hadFocus });
    },
  };

  /** Whether the widget takes an answer now: a challenge is shown and none is on its way. */
  function isLive(model) {
    return model.state === 'ready' && !model.busy;
  }

  /** The next model and the effects of `event` (an unknown event type is a programming error). */
  function step(model, event) {
    const handler = HANDLERS[event.type];
    if (!handler) throw new Error('unknown widget event "' + event.type + '"');
    return handler(model, event);
  }

  /**
   * The verify body's `client` object (counted in the server's analytics only): the attempt on this
   * page (1: the first), `shown_ms` the time from asking for the challenge to its pictures on screen
   * (its presence says they were shown), `solve_ms` from on screen to the answer, `pow_ms` the proof
   * of work's time, and `webdriver` when the browser says it is driven by automation. Times are in
   * milliseconds from one clock; a time not known is left out.
   */
  function clientReport(facts) {
    const report = { attempt: Math.max(1, Math.floor(facts.attempt || 1)) };
    function ms(value) {
      return Math.max(0, Math.round(value));
    }
    if (facts.shownAt != null && facts.requestedAt != null) report.shown_ms = ms(facts.shownAt - facts.requestedAt);
    if (facts.shownAt != null && facts.answeredAt != null) report.solve_ms = ms(facts.answeredAt - facts.shownAt);
    if (facts.powMs != null) report.pow_ms = ms(facts.powMs);
    if (facts.webdriver) report.webdriver = true;
    return report;
  }

  parts.states = { initialModel: initialModel, step: step, isLive: isLive, clientReport: clientReport };
})(CaptchaGenParts);
