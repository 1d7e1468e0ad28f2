// The no-puzzle challenge as the widget tells it apart: one constant in core.js, the server's name for
// it, and no other part that compares a challenge's kind with a name of its own (the states'
// handling of it: widget-states.test.js).
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, RESOURCES, WIDGET, widgetPartNames, loadWidgetParts } = require('./support.js');

const parts = loadWidgetParts();
const { NO_PUZZLE_KIND, isNoPuzzle } = parts.core;

test("core's no-puzzle kind is the name the server issues it under", () => {
  const swift = fs.readFileSync(path.join(ROOT, 'Sources', 'CaptchaService', 'Service', 'ChallengeChoice.swift'), 'utf8');
  const name = swift.match(/public static let noPuzzleName = "([^"]+)"/);
  assert.ok(name, 'ChallengeChoice.swift has no noPuzzleName');
  assert.equal(NO_PUZZLE_KIND, name[1]);
  const openapi = JSON.parse(fs.readFileSync(path.join(RESOURCES, 'openapi.json'), 'utf8'));
  assert.ok(openapi.components.schemas.Challenge.properties.kind.enum.includes(NO_PUZZLE_KIND));
});

test('isNoPuzzle tells the no-puzzle challenge from a puzzle and from none', () => {
  assert.equal(isNoPuzzle({ id: 'p1', kind: NO_PUZZLE_KIND }), true);
  assert.equal(isNoPuzzle({ id: 'a1', kind: 'slide' }), false);
  assert.equal(isNoPuzzle(null), false);
  assert.equal(parts.noPuzzle.isInvisible({ kind: NO_PUZZLE_KIND }, false), true, 'the site chose it');
  assert.equal(parts.noPuzzle.isInvisible({ kind: NO_PUZZLE_KIND }, true), false, 'the person chose it');
});

test('no part but core compares a kind with a name written out', () => {
  const comparison = /\bkind\s*[!=]==?\s*['"]|['"]\s*[!=]==?\s*[\w.]*\bkind\b/;
  for (const name of widgetPartNames().filter((n) => n !== 'core.js')) {
    const lines = fs.readFileSync(path.join(WIDGET, name), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
      assert.doesNotMatch(code, comparison, `${name}:${i + 1}: ${line.trim()}`);
    });
  }
});
