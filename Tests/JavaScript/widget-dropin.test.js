// The drop-in scripts' pure parts under node (dropin.js, loaded after the widget's parts as
// /turnstile/v0/api.js, /1/api.js and /recaptcha/api.js join it): what the script reads from its
// URL, an element's data-* attributes, the labels a token carries, and the page's callbacks.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { RESOURCES, loadWidgetParts, runScript, widgetPartNames, WIDGET, serveAssetsString } = require('./support.js');

const DROPIN = path.join(RESOURCES, 'dropin.js');
const parts = loadWidgetParts();
runScript(DROPIN, { CaptchaGenParts: parts });
const D = parts.dropin;

test('the script URL gives the endpoint (its origin), onload, render and hl', () => {
  assert.deepEqual(D.scriptOptions('https://captcha.example:8443/turnstile/v0/api.js?onload=ready&render=explicit'), {
    endpoint: 'https://captcha.example:8443', onload: 'ready', render: 'explicit', hl: '',
  });
  assert.deepEqual(D.scriptOptions('https://captcha.example/1/api.js?hl=de'), {
    endpoint: 'https://captcha.example', onload: '', render: 'onload', hl: 'de',
  });
  assert.equal(D.scriptOptions('http://127.0.0.1:8080/recaptcha/api.js?render=6Lc_key').render, '6Lc_key');
});

test('only render=onload (the default) renders the elements by itself', () => {
  assert.equal(D.rendersImplicitly('onload'), true);
  assert.equal(D.rendersImplicitly('explicit'), false);
  assert.equal(D.rendersImplicitly('6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI'), false, 'reCAPTCHA v3 renders nothing');
});

test("an element's data-* attributes become render parameters; the script's hl is the fallback language", () => {
  const attributes = {
    sitekey: 'shop', theme: 'dark', callback: 'onPassed', 'expired-callback': 'onExpired', action: 'login',
    cdata: 'order_42', language: 'fr',
  };
  const params = D.dataParams((name) => attributes[name] || null, 'de');
  assert.deepEqual(params, {
    sitekey: 'shop', theme: 'dark', callback: 'onPassed', 'expired-callback': 'onExpired', action: 'login',
    cdata: 'order_42', language: 'fr',
  });
  assert.equal(D.dataParams((name) => (name === 'hl' ? 'es' : null), 'de').language, 'es', 'data-hl (hCaptcha)');
  assert.equal(D.dataParams(() => null, 'de').language, 'de', 'the script\'s ?hl=');
  assert.deepEqual(D.dataParams(() => null, ''), {});
});

test('a token carries its labels as TOKEN~ACTION~CDATA, and none when there are none', () => {
  const token = 'cg1.1900000000.' + 'A'.repeat(32);
  assert.equal(D.composeResponse(token, { action: '', cdata: '' }), token);
  assert.equal(D.composeResponse(token, { action: 'login', cdata: '' }), token + '~login');
  assert.equal(D.composeResponse(token, { action: 'login', cdata: 'order_42' }), token + '~login~order_42');
  assert.equal(D.composeResponse(token, { action: '', cdata: 'x' }), token + '~~x');
  assert.equal(D.composeResponse('', { action: 'login', cdata: '' }), '', 'no token, no response');
});

test('labels siteverify would refuse are left out with a warning', () => {
  const problems = [];
  assert.deepEqual(D.labelsOf({ action: 'shop/signup', cdata: 'a-b_c' }, problems), { action: 'shop/signup', cdata: 'a-b_c' });
  assert.deepEqual(problems, []);
  const labels = D.labelsOf({ action: 'log in', cdata: 'x'.repeat(256) }, problems);
  assert.deepEqual(labels, { action: '', cdata: '' });
  assert.equal(problems.length, 2);
  assert.match(problems[0], /action "log in" is not letters/);
  assert.match(problems[1], /^cdata is not letters.*at most 255/);
  assert.deepEqual(D.labelsOf({}, []), { action: '', cdata: '' });
});

test("the hidden fields are the service's, or Turnstile's response-field-name, or none", () => {
  const { turnstile, hcaptcha } = D.SHAPES;
  assert.deepEqual(D.fieldNames(hcaptcha, {}), ['h-captcha-response', 'g-recaptcha-response']);
  assert.deepEqual(D.fieldNames(turnstile, { 'response-field-name': 'captcha' }), ['captcha']);
  assert.deepEqual(D.fieldNames(turnstile, { 'response-field': 'false' }), [], 'data-response-field="false"');
  assert.deepEqual(D.fieldNames(turnstile, { 'response-field': false }), [], 'render(el, {"response-field": false})');
  assert.deepEqual(D.fieldNames(turnstile, { 'response-field': 'true' }), ['cf-turnstile-response']);
});

test('a callback is a function or the name of a global function', () => {
  const scope = { onPassed: () => 'called', notAFunction: 5 };
  assert.equal(D.callbackOf('onPassed', scope)(), 'called');
  const own = () => 'own';
  assert.equal(D.callbackOf(own, scope), own);
  assert.equal(D.callbackOf('notAFunction', scope), null);
  assert.equal(D.callbackOf('missing', scope), null);
  assert.equal(D.callbackOf(undefined, scope), null);
});

test("each service's element, hidden fields and global are the service's own", () => {
  assert.deepEqual(
    Object.keys(D.SHAPES).map((name) => [D.SHAPES[name].global, D.SHAPES[name].selector, D.SHAPES[name].fields]),
    [
      ['turnstile', '.cf-turnstile', ['cf-turnstile-response']],
      ['hcaptcha', '.h-captcha', ['h-captcha-response', 'g-recaptcha-response']],
      ['grecaptcha', '.g-recaptcha', ['g-recaptcha-response']],
    ],
  );
});

/** The script a service's path serves (ServeAssets.dropInScript). */
function dropInScript(service) {
  return serveAssetsString('dropInPrologue') +
    widgetPartNames().map((name) => fs.readFileSync(path.join(WIDGET, name), 'utf8')).join('') +
    fs.readFileSync(DROPIN, 'utf8') +
    serveAssetsString('dropInEpilogue').replace('SERVICE', service);
}

for (const [service, global, methods] of [
  ['turnstile', 'turnstile', ['execute', 'getResponse', 'implicitRender', 'isExpired', 'ready', 'remove', 'render', 'renderAll', 'reset']],
  ['hcaptcha', 'hcaptcha', ['execute', 'getRespKey', 'getResponse', 'remove', 'render', 'renderAll', 'reset']],
  ['recaptcha', 'grecaptcha', ['execute', 'getResponse', 'ready', 'remove', 'render', 'renderAll', 'reset']],
]) {
  test(`the ${service} script gives a page ${global} and CaptchaGen, renders once it has parsed, and only once`, () => {
    const listeners = {};
    const window = {};
    const document = {
      readyState: 'loading',
      currentScript: { src: 'https://captcha.example/x.js?onload=ready' },
      addEventListener: (type, listener) => (listeners[type] = listeners[type] || []).push(listener),
      querySelectorAll: () => [],
    };
    const context = vm.createContext({ window, document, URL });
    vm.runInContext(dropInScript(service), context, { filename: service + '.js' });
    assert.deepEqual(Object.keys(window).sort(), ['CaptchaGen', global].sort());
    assert.deepEqual(Object.keys(window[global]).filter((k) => typeof window[global][k] === 'function').sort(), methods);
    let loaded = 0;
    window.ready = () => (loaded += 1);
    listeners.DOMContentLoaded.forEach((listener) => listener());
    assert.equal(loaded, 1, 'onload= is called once the page has parsed');
    const first = window[global];
    vm.runInContext(dropInScript(service), context, { filename: service + '.js' });
    assert.equal(window[global], first, 'a second copy of the script leaves the first in place');
  });
}
