// What the node tests share: the repository's paths, the fixtures, and the widget's scripts loaded
// the way a browser loads them (each file on its own, in a fresh context).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const ROOT = path.resolve(__dirname, '..', '..');
const RESOURCES = path.join(ROOT, 'Sources', 'CaptchaServe', 'Resources');

function readFixture(name) {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'Fixtures', name), 'utf8'));
}

/**
 * Runs one script file alone, as a function of the free names in `scope` (its globals), and returns
 * `scope` with what the script put there. It runs in this context (vm.compileFunction), not a
 * context of its own: global look-ups there go through an interceptor and the solver runs 18 times
 * slower.
 */
function runScript(file, scope) {
  const names = Object.keys(scope);
  const run = vm.compileFunction(fs.readFileSync(file, 'utf8'), names, { filename: file });
  run(...names.map((name) => scope[name]));
  return scope;
}

const WIDGET = path.join(RESOURCES, 'widget');
const SERVE_ASSETS = path.join(ROOT, 'Sources', 'CaptchaServe', 'ServeAssets.swift');

/** The widget's parts in the order /widget.js joins them, as ServeAssets.widgetParts lists them. */
function widgetPartNames() {
  const swift = fs.readFileSync(SERVE_ASSETS, 'utf8');
  const list = swift.match(/static let widgetParts[^=]*= \[([\s\S]*?)\n  \]/);
  if (!list) throw new Error('ServeAssets.swift has no widgetParts list');
  return [...list[1].matchAll(/\("([a-z-]+\.js)"/g)].map((match) => match[1]);
}

/** The Swift string literal `static let NAME = "…"` of ServeAssets.swift, unescaped. */
function serveAssetsString(name) {
  const swift = fs.readFileSync(SERVE_ASSETS, 'utf8');
  const match = swift.match(new RegExp('static let ' + name + ' =\\s*(".*")\\n'));
  if (!match) throw new Error('ServeAssets.swift has no string ' + name);
  return JSON.parse(match[1]);
}

/**
 * The widget's parts loaded alone, one after the other, into one namespace, as /widget.js does
 * (`upTo`: the last part to load). No page is given: a part that touches one while loading fails.
 */
function loadWidgetParts(upTo) {
  const names = widgetPartNames();
  const parts = {};
  for (const name of names.slice(0, upTo ? names.indexOf(upTo) + 1 : names.length)) {
    runScript(path.join(WIDGET, name), { CaptchaGenParts: parts });
  }
  return parts;
}

/** The script /widget.js serves: the prologue, every part, the epilogue (ServeAssets.widgetScript). */
function joinedWidgetScript() {
  return serveAssetsString('widgetPrologue') +
    widgetPartNames().map((name) => fs.readFileSync(path.join(WIDGET, name), 'utf8')).join('') +
    serveAssetsString('widgetEpilogue');
}

/** pow-worker.js as a page's script (not in a worker): its `CaptchaGenPow` API. */
function loadPowWorker() {
  const scope = {};
  return runScript(path.join(RESOURCES, 'pow-worker.js'), { self: scope }).self.CaptchaGenPow;
}

module.exports = {
  ROOT,
  RESOURCES,
  WIDGET,
  readFixture,
  runScript,
  loadPowWorker,
  widgetPartNames,
  loadWidgetParts,
  joinedWidgetScript,
  serveAssetsString,
};
