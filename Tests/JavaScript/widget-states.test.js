// The widget's states and decisions (widget/states.js) as a pure function: what each event does to
// the model, and which effects mount.js is asked to carry out, in order.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { loadWidgetParts } = require('./support.js');

const parts = loadWidgetParts('states.js');
const { initialModel: modelOf, step, isLive } = parts.states;
const TEXT = parts.strings.translator('en');
const t = TEXT.t;
const POW_KIND = parts.core.NO_PUZZLE_KIND;
const KINDS = ['slide', 'rotate', 'pattern', POW_KIND];
const initialModel = (kind, kinds) => modelOf(kind, kinds, TEXT);
const SLIDE = { id: 'a1', kind: 'slide', pow: { level: 1 } };

/** Steps `model` through `events`; the last step's model and effects. */
function run(model, ...events) {
  let out = { model, effects: [] };
  for (const event of events) out = step(out.model, event);
  return out;
}
const names = (effects) => effects.map((e) => e.effect);
const shown = (effects) => effects.filter((e) => e.effect === 'show').map((e) => e.state);

/** A widget showing `challenge` (generation 1). */
function ready(challenge = SLIDE, model = initialModel('slide', KINDS)) {
  return run(model, { type: 'load' }, { type: 'arrived', generation: 1, challenge }).model;
}

test('a load clears, shows loading and fetches the configured kind in a new generation', () => {
  const out = run(initialModel('rotate', KINDS), { type: 'load' });
  assert.equal(out.model.state, 'loading');
  assert.equal(out.model.generation, 1);
  assert.deepEqual(names(out.effects), ['clear', 'show', 'fetch']);
  assert.deepEqual(out.effects[1], { effect: 'show', state: 'loading', message: t('loading'), reason: null });
  assert.deepEqual(out.effects[2], { effect: 'fetch', kind: 'rotate', generation: 1 });
  assert.equal(run(out.model, { type: 'load', message: 'again' }).effects[1].message, 'again');
});

test('a challenge that arrives is rendered, then shown ready; focus follows when the widget had it', () => {
  const loading = run(initialModel('slide', KINDS), { type: 'load', hadFocus: true }).model;
  const out = step(loading, { type: 'arrived', generation: 1, challenge: SLIDE });
  assert.equal(out.model.state, 'ready');
  assert.equal(out.model.challenge, SLIDE);
  assert.deepEqual(names(out.effects), ['render', 'show', 'focusControl']);
  assert.deepEqual(out.effects[0], { effect: 'render', challenge: SLIDE, prompt: t('promptSlide'), invisible: false });
  assert.equal(out.effects[1].message, t('ready'));
  assert.ok(isLive(out.model));
  const unfocused = run(initialModel('slide', KINDS), { type: 'load' }, { type: 'arrived', generation: 1, challenge: SLIDE });
  assert.deepEqual(names(unfocused.effects), ['render', 'show']);
});

test('an answer to an older load changes nothing', () => {
  const twice = run(initialModel('slide', KINDS), { type: 'load' }, { type: 'load' }).model;
  for (const event of [
    { type: 'arrived', generation: 1, challenge: SLIDE },
    { type: 'loadFailed', generation: 1, message: 'offline' },
  ]) {
    const out = step(twice, event);
    assert.deepEqual(out, { model: twice, effects: [] }, event.type);
  }
  const shownModel = ready();
  const reloaded = step(shownModel, { type: 'load' }).model;
  for (const event of [
    { type: 'verified', generation: 1, status: 200, json: { pass: true, token: 't' } },
    { type: 'submitError', generation: 1, message: 'x', pow: false },
    { type: 'powError', generation: 1, message: 'x' },
    { type: 'holdElapsed', generation: 1 },
  ]) {
    assert.deepEqual(step(reloaded, event), { model: reloaded, effects: [] }, event.type);
  }
});

test('a kind the widget cannot show, or a failed load, is an error with the reason', () => {
  const loading = run(initialModel('', KINDS), { type: 'load' }).model;
  const odd = step(loading, { type: 'arrived', generation: 1, challenge: { id: 'b', kind: 'audio' } });
  assert.equal(odd.model.state, 'error');
  assert.deepEqual(odd.effects, [
    { effect: 'show', state: 'error', message: t('error', { reason: t('cannotShow', { kind: 'audio' }) }), reason: t('cannotShow', { kind: 'audio' }) },
  ]);
  const offline = step(loading, { type: 'loadFailed', generation: 1, message: 'offline' });
  assert.deepEqual(shown(offline.effects), ['error']);
  assert.equal(offline.effects[0].message, 'The captcha could not load: offline.');
});

test('a submit sends the answer once; a second one before the verdict is dropped', () => {
  const out = step(ready(), { type: 'submit', answer: { x: 120 } });
  assert.equal(out.model.busy, true);
  assert.ok(!isLive(out.model));
  assert.deepEqual(out.effects, [
    { effect: 'status', message: t('checking') },
    { effect: 'verify', answer: { x: 120 }, generation: 1 },
  ]);
  assert.deepEqual(step(out.model, { type: 'submit', answer: { x: 1 } }).effects, []);
  const loading = run(initialModel('slide', KINDS), { type: 'load' }).model;
  assert.deepEqual(step(loading, { type: 'submit', answer: { x: 1 } }).effects, [], 'nothing to answer yet');
});

test('a pass keeps the token, shows pass and announces it with the challenge', () => {
  const busy = step(ready(), { type: 'submit', answer: { x: 120 } }).model;
  const out = step(busy, { type: 'verified', generation: 1, status: 200, json: { pass: true, reason: 'ok', token: 'T', token_expires_at: 99 } });
  assert.equal(out.model.state, 'pass');
  assert.equal(out.model.busy, false);
  assert.deepEqual(out.effects, [
    { effect: 'keepToken', token: 'T', expiresAt: 99 },
    { effect: 'show', state: 'pass', message: t('pass'), reason: 'ok' },
    { effect: 'announcePass', token: 'T', expiresAt: 99, id: 'a1', kind: 'slide' },
  ]);
  const noToken = step(busy, { type: 'verified', generation: 1, status: 200, json: { pass: true } });
  assert.deepEqual(names(noToken.effects), ['show', 'announcePass']);
});

test('a wrong answer fails with the server\'s reason and reloads after the hold', () => {
  const busy = step(ready(), { type: 'submit', answer: { x: 3 } }).model;
  const out = step(busy, { type: 'verified', generation: 1, status: 200, json: { pass: false, reason: 'the piece is not in its gap' } });
  assert.equal(out.model.state, 'fail');
  assert.deepEqual(out.effects, [
    { effect: 'show', state: 'fail', message: 'Failed: the piece is not in its gap. Here comes a new puzzle.', reason: 'the piece is not in its gap' },
    { effect: 'holdThenReload', ms: parts.core.FAIL_HOLD_MS, generation: 1 },
  ]);
  const bare = step(busy, { type: 'verified', generation: 1, status: 200, json: {} });
  assert.equal(bare.effects[0].message, 'Failed: that was not it. Here comes a new puzzle.');
  const after = step(out.model, { type: 'holdElapsed', generation: 1 });
  assert.deepEqual(names(after.effects), ['clear', 'show', 'fetch']);
  assert.equal(after.model.generation, 2);
});

test('a challenge used up, expired or unknown fails; any other status is an error', () => {
  const busy = step(ready(), { type: 'submit', answer: { x: 3 } }).model;
  for (const status of [404, 409, 410]) {
    const out = step(busy, { type: 'verified', generation: 1, status, json: { error: 'gone' } });
    assert.deepEqual(shown(out.effects), ['fail'], String(status));
    assert.equal(out.effects[0].message, 'Failed: gone. Here comes a new puzzle.');
    assert.equal(step(busy, { type: 'verified', generation: 1, status, json: {} }).effects[0].message, t('fail', { reason: t('gone') }));
  }
  const broken = step(busy, { type: 'verified', generation: 1, status: 503, json: {} });
  assert.equal(broken.model.state, 'error');
  assert.deepEqual(names(broken.effects), ['show'], 'an error waits for the person: no reload');
  assert.equal(broken.effects[0].message, 'The captcha could not load: the server answered 503.');
  assert.deepEqual(step(broken.model, { type: 'holdElapsed', generation: 1 }).effects, []);
});

test('the proof of work failing: at once when idle, after the submit when busy, never twice', () => {
  const idle = step(ready(), { type: 'powError', generation: 1, message: 'no workers' });
  assert.equal(idle.model.state, 'error');
  assert.deepEqual(idle.effects, [
    { effect: 'show', state: 'error', message: 'Your browser could not do the check: no workers.', reason: 'no workers' },
    { effect: 'focusRetry' },
  ]);
  const busy = step(ready(), { type: 'submit', answer: { x: 3 } }).model;
  assert.deepEqual(step(busy, { type: 'powError', generation: 1, message: 'x' }).effects, [], 'the submit reports it');
  const viaSubmit = step(busy, { type: 'submitError', generation: 1, message: 'no workers', pow: true });
  assert.deepEqual(names(viaSubmit.effects), ['show', 'focusRetry']);
  assert.equal(viaSubmit.model.busy, false);
  const network = step(busy, { type: 'submitError', generation: 1, message: 'Failed to fetch', pow: false });
  assert.deepEqual(network.effects, [{ effect: 'show', state: 'error', message: t('error', { reason: 'Failed to fetch' }), reason: 'Failed to fetch' }]);
  const early = run(initialModel('slide', KINDS), { type: 'load' }, { type: 'arrived', generation: 1, challenge: SLIDE, powError: 'no workers' });
  assert.deepEqual(names(early.effects), ['render', 'show', 'show', 'focusRetry']);
  assert.deepEqual(shown(early.effects), ['ready', 'error']);
});

test('the no-puzzle challenge submits itself; invisible when the site chose it, not the person', () => {
  const POW = { id: 'p1', kind: POW_KIND, pow: { level: 3 } };
  const sites = run(initialModel(POW_KIND, KINDS), { type: 'load' }, { type: 'arrived', generation: 1, challenge: POW });
  assert.deepEqual(names(sites.effects), ['render', 'show', 'status', 'verify']);
  assert.equal(sites.effects[0].invisible, true);
  assert.equal(sites.effects[1].message, t('checking'));
  assert.equal(sites.model.busy, true);
  const chosen = run(ready(), { type: 'switchMode' });
  assert.deepEqual(chosen.effects.at(-1), { effect: 'fetch', kind: POW_KIND, generation: 2 });
  const arrived = step(chosen.model, { type: 'arrived', generation: 2, challenge: POW });
  assert.equal(arrived.effects[0].invisible, false);
  assert.deepEqual(run(arrived.model, { type: 'switchMode' }).effects.at(-1), { effect: 'fetch', kind: 'slide', generation: 3 });
});

test('an expired token is announced with its challenge, then a new puzzle loads with a word why', () => {
  const busy = step(ready(), { type: 'submit', answer: { x: 120 } }).model;
  const passed = step(busy, { type: 'verified', generation: 1, status: 200, json: { pass: true, token: 'T' } }).model;
  const out = step(passed, { type: 'expired' });
  assert.deepEqual(names(out.effects), ['announceExpire', 'clear', 'show', 'fetch']);
  assert.deepEqual(out.effects[0], { effect: 'announceExpire', id: 'a1' });
  assert.equal(out.effects[2].message, t('expired'));
  assert.equal(out.model.challenge, null);
});

test('the server\'s reason reaches a person in the widget\'s language by its code, else in English', () => {
  const german = parts.strings.translator('de', { 'reason.not_in_gap': 'das Teil sitzt nicht in seiner Lücke' });
  const busy = step(ready(SLIDE, modelOf('slide', KINDS, german)), { type: 'submit', answer: { x: 3 } }).model;
  const coded = step(busy, { type: 'verified', generation: 1, status: 200, json: { pass: false, reason: 'the piece is not where it fits', reason_code: 'not_in_gap' } });
  assert.equal(coded.effects[0].message, 'Nicht bestanden: das Teil sitzt nicht in seiner Lücke. Hier kommt ein neues Rätsel.');
  const uncoded = step(busy, { type: 'verified', generation: 1, status: 200, json: { pass: false, reason: 'the piece is not where it fits.', reason_code: 'unheard_of' } });
  assert.equal(uncoded.effects[0].message, 'Nicht bestanden: the piece is not where it fits. Hier kommt ein neues Rätsel.', 'one full stop');
});

test('an unknown event is a programming error, not a silent no-op', () => {
  assert.throws(() => step(initialModel('slide', KINDS), { type: 'clicked' }), /unknown widget event "clicked"/);
});

test("the verify's client report counts the attempt and the times the server's analytics read", () => {
  const { clientReport } = parts.states;
  assert.deepEqual(
    clientReport({ attempt: 2, requestedAt: 1000, shownAt: 1250.4, answeredAt: 4250.4, powMs: 812.6, webdriver: false }),
    { attempt: 2, shown_ms: 250, solve_ms: 3000, pow_ms: 813 },
  );
  assert.deepEqual(clientReport({ attempt: 1, webdriver: true }), { attempt: 1, webdriver: true }, 'unknown times left out');
  assert.deepEqual(clientReport({}), { attempt: 1 }, 'a first attempt when none is counted');
  assert.equal(clientReport({ attempt: 1, requestedAt: 5, shownAt: 3, answeredAt: 2 }).solve_ms, 0, 'never below 0');
});
