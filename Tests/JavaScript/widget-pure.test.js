// The widget's pure helpers under node: the pattern rule against the shared vectors that the Swift
// resolver reads too (Fixtures/pattern-paths.json), the stops of `--steps`, the turn arithmetic.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { loadWidgetParts, readFixture } = require('./support.js');

const parts = loadWidgetParts('pattern.js');

test('resolvePattern visits the dots every shared vector expects', () => {
  const { cases } = readFixture('pattern-paths.json');
  assert.ok(cases.length > 30, 'the fixture holds the hand-made and the drag cases');
  for (const c of cases) {
    const points = c.path.map(([x, y]) => ({ x, y }));
    const dots = c.dots.map(([x, y]) => ({ x, y }));
    assert.deepEqual(Array.from(parts.pattern.resolvePattern(dots, c.radius, points)), c.visited, c.name);
  }
});

test('steps snap to the nearest stop, around the circle for rotate', () => {
  const { createSteps } = parts.input;
  assert.equal(createSteps(null), null);
  const line = createSteps([0, 50, 100, 150]);
  assert.equal(line.nearest(60), 1);
  assert.equal(line.nearest(76), 2);
  assert.equal(line.nearest(-40), 0);
  const circle = createSteps([0, 90, 180, 270], 360);
  assert.equal(circle.nearest(350), 0, '350° is nearer 0° than 270° going round');
  assert.equal(circle.nearest(200), 2);
});

test('a key moves at least one stop that way, and stays at the ends', () => {
  const steps = parts.input.createSteps([0, 50, 100, 150]);
  assert.equal(steps.afterKey(50, 1), 2);
  assert.equal(steps.afterKey(50, -1), 0);
  assert.equal(steps.afterKey(50, 10), 2);
  assert.equal(steps.afterKey(0, 100), 2);
  assert.equal(steps.afterKey(150, 1), 3);
  assert.equal(steps.afterKey(0, -1), 0);
});

test('turns take the shorter way round; values clamp and round to hundredths', () => {
  const { shortTurn, clamp, round2 } = parts.core;
  assert.equal(shortTurn(190), -170);
  assert.equal(shortTurn(-190), 170);
  assert.equal(shortTurn(720 + 30), 30);
  assert.equal(clamp(5, 0, 3), 3);
  assert.equal(clamp(-1, 0, 3), 0);
  assert.equal(round2(1.23456), 1.23);
});
