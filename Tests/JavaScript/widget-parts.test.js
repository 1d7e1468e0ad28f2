// The widget's parts (Sources/CaptchaServe/Resources/widget) each parse and load alone, in the
// order /widget.js joins them, and the joined script gives a page `CaptchaGen` and nothing else.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { WIDGET, runScript, widgetPartNames, loadWidgetParts, joinedWidgetScript } = require('./support.js');

const keyOf = (name) => name.replace(/\.js$/, '').replace(/-(\w)/g, (_, c) => c.toUpperCase());

test('ServeAssets lists every file of the widget folder once', () => {
  const listed = widgetPartNames();
  assert.ok(listed.length >= 10, `only ${listed.length} parts listed`);
  assert.deepEqual([...listed].sort(), fs.readdirSync(WIDGET).filter((f) => f.endsWith('.js')).sort());
  assert.equal(new Set(listed).size, listed.length);
});

test('each part loads alone after the parts before it and registers only its own names', () => {
  const parts = {};
  for (const name of widgetPartNames()) {
    const before = Object.keys(parts);
    runScript(path.join(WIDGET, name), { CaptchaGenParts: parts });
    assert.deepEqual(Object.keys(parts), [...before, keyOf(name)], name);
    assert.ok(Object.keys(parts[keyOf(name)]).length > 0, `${name} registers nothing`);
  }
});

test('a part loaded before the parts it reads fails at once, naming what is missing', () => {
  for (const name of widgetPartNames().slice(1)) {
    const source = fs.readFileSync(path.join(WIDGET, name), 'utf8');
    if (!/= parts\.\w+\.\w+/.test(source)) continue; // reads no other part (strings.js, core.js, pow.js)
    assert.throws(() => runScript(path.join(WIDGET, name), { CaptchaGenParts: {} }), TypeError, name);
  }
});

test('the joined script defines CaptchaGen on a page and mounts its widgets once it has parsed', () => {
  const listeners = {};
  const window = {};
  const document = {
    readyState: 'loading',
    addEventListener: (type, listener) => (listeners[type] = listener),
    querySelectorAll: () => [],
  };
  const context = vm.createContext({ window, document });
  vm.runInContext(joinedWidgetScript(), context, { filename: 'widget.js' });
  assert.deepEqual(Object.keys(window), ['CaptchaGen']);
  assert.deepEqual(Object.keys(window.CaptchaGen).sort(), ['getResponse', 'mount', 'mountAll', 'reset', 'resolvePattern', 'strings']);
  assert.equal(typeof listeners.DOMContentLoaded, 'function');
  assert.equal(context.CaptchaGenParts, undefined, 'the namespace stays inside the script');
  const first = window.CaptchaGen;
  vm.runInContext(joinedWidgetScript(), context, { filename: 'widget.js' });
  assert.equal(window.CaptchaGen, first, 'a second copy of the script leaves the first in place');
});

test('every part has the same wrapper: strict mode, a function of the namespace, no modules', () => {
  const parts = loadWidgetParts();
  assert.equal(typeof parts.mount.start, 'function');
  for (const name of widgetPartNames()) {
    const source = fs.readFileSync(path.join(WIDGET, name), 'utf8');
    assert.match(source, /^\(function \(parts\) \{\n  'use strict';\n/m, name);
    assert.match(source, /\n\}\)\(CaptchaGenParts\);\n$/, name);
    assert.doesNotMatch(source, /^\s*(import|export)\s/m, name);
  }
});
