// The widget's themes (widget/core.js): in light and in dark, every pair of text and background
// meets WCAG 2.x AA contrast (4.5:1 for text, 3:1 for the controls' borders and the focus ring).
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { loadWidgetParts } = require('./support.js');

const { THEME_COLOURS } = loadWidgetParts('core.js').core;

/** The --cg-* colours of a theme's declarations, as [r, g, b] (opaque hex colours only). */
function colours(declarations) {
  const out = {};
  for (const [, name, hex] of declarations.matchAll(/--cg-([a-z-]+):#([0-9a-f]{3,6})\b/g)) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    out[name] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  }
  return out;
}

/** WCAG 2.x relative luminance and contrast ratio. */
function luminance(rgb) {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// [foreground, background, the least ratio]: where the widget puts one on the other.
const PAIRS = [
  ['fg', 'bg', 4.5], ['fg', 'raised', 4.5], ['muted', 'bg', 4.5], ['muted', 'surface', 4.5],
  ['muted', 'raised', 4.5], ['accent', 'raised', 4.5], ['accent', 'bg', 4.5], ['on-accent', 'accent', 4.5],
  ['pass', 'bg', 4.5], ['fail', 'bg', 4.5], ['on-state', 'pass', 4.5], ['on-state', 'fail', 4.5],
  ['control-line', 'bg', 3], ['control-line', 'raised', 3], ['control-line', 'surface', 3],
];

for (const theme of ['light', 'dark']) {
  test(`the ${theme} theme meets WCAG AA contrast`, () => {
    const c = colours(THEME_COLOURS[theme]);
    for (const [fg, bg, least] of PAIRS) {
      assert.ok(c[fg] && c[bg], `${theme}: --cg-${fg} or --cg-${bg} is not a hex colour`);
      const ratio = contrast(c[fg], c[bg]);
      assert.ok(ratio >= least, `${theme}: --cg-${fg} on --cg-${bg} is ${ratio.toFixed(2)}:1, under ${least}:1`);
    }
  });
}

test('both themes set the same properties', () => {
  const names = (d) => [...d.matchAll(/(--cg-[a-z-]+):/g)].map((m) => m[1]).sort();
  assert.deepEqual(names(THEME_COLOURS.dark), names(THEME_COLOURS.light));
});
