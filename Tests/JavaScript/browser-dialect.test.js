// The project's browser JavaScript is one dialect: ES2017 in strict mode, declared with const and let
// (docs/decisions/0035-one-javascript-dialect.md). This reads every script a browser runs (each .js
// file and each .html page's inline scripts under Sources/CaptchaServe/Resources and tools/pow, and
// the widget and drop-in scripts as serve joins them) and fails on what a scan of the code can see for sure once comments, strings,
// template text and regular expression bodies are blanked out.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { RESOURCES, ROOT, widgetPartNames, WIDGET, joinedWidgetScript, serveAssetsString } = require('./support.js');

// Keywords after which a `/` starts a regular expression, not a division.
const BEFORE_REGEX = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void',
  'throw', 'instanceof', 'yield', 'await']);

/**
 * The code of `source` with every comment, string, template text and regular expression body
 * replaced by spaces (newlines kept, so offsets and lines stay), the regular expressions apart, and
 * the offsets of `...` written directly inside `{ }` (object rest and spread) and of `=` written
 * directly in a class body (a class field).
 */
function scan(source) {
  const code = source.split('');
  const regexes = [];
  const objectSpreads = [];
  const classFields = [];
  const stack = []; // '(', '[', '{', 'class', '${'
  const blank = (from, to) => {
    for (let k = from; k < to; k++) if (code[k] !== '\n') code[k] = ' ';
  };
  let last = ''; // the last significant token: a punctuator, or 'word' / a keyword
  let i = 0;
  const n = source.length;

  // Template text from i (just after ` or the } closing a ${ }), up to the closing ` or a ${.
  const templateText = () => {
    const start = i;
    while (i < n && source[i] !== '`' && !(source[i] === '$' && source[i + 1] === '{')) i += source[i] === '\\' ? 2 : 1;
    blank(start, i);
    if (source[i] === '`') {
      i += 1;
      last = 'word';
    } else {
      stack.push('${');
      i += 2;
      last = '{';
    }
  };

  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      blank(i, end < 0 ? n : end);
      i = end < 0 ? n : end;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2) + 2;
      blank(i, end);
      i = end;
    } else if (c === "'" || c === '"') {
      const start = i;
      i += 1;
      while (i < n && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      i += 1;
      blank(start + 1, i - 1);
      last = 'word';
    } else if (c === '`') {
      i += 1;
      templateText();
    } else if (c === '/' && (last === '' || /^[(,=:[!&|?{};+\-*%<>~^]$/.test(last) || BEFORE_REGEX.has(last))) {
      const start = i;
      let inClass = false;
      i += 1;
      while (i < n && (inClass || source[i] !== '/')) {
        if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
        i += source[i] === '\\' ? 2 : 1;
      }
      const body = source.slice(start + 1, i);
      i += 1;
      const flags = source.slice(i).match(/^[a-z]*/)[0];
      i += flags.length;
      regexes.push({ at: start, body, flags });
      blank(start + 1, start + 1 + body.length);
      last = 'word';
    } else if (/[A-Za-z_$\d]/.test(c)) {
      const word = source.slice(i).match(/^[\w$]+/)[0];
      i += word.length;
      last = BEFORE_REGEX.has(word) ? word : word === 'class' ? 'class' : 'word';
    } else if (/\s/.test(c)) {
      i += 1;
    } else {
      if (c === '(' || c === '[') stack.push(c);
      else if (c === '{') stack.push(/\bclass\b[^;{}()=]*$/.test(code.slice(Math.max(0, i - 200), i).join('')) ? 'class' : '{');
      else if (c === ')' || c === ']') stack.pop();
      else if (c === '}') {
        if (stack.pop() === '${') {
          i += 1;
          templateText();
          continue;
        }
      } else if (c === '.' && source.startsWith('...', i) && stack[stack.length - 1] === '{') objectSpreads.push(i);
      else if (c === '=' && stack[stack.length - 1] === 'class' && next !== '=' && next !== '>') classFields.push(i);
      last = c === '.' && source.startsWith('...', i) ? '...' : c;
      i += c === '.' && source.startsWith('...', i) ? 3 : 1;
    }
  }
  return { code: code.join(''), regexes, objectSpreads, classFields };
}

// Syntax newer than ES2017 (its year) that shows in the code once strings and comments are blank.
const NEWER_SYNTAX = [
  [/\?\.(?!\d)/g, 'optional chaining `?.` (ES2020)'],
  [/\?\?/g, 'nullish coalescing `??` (ES2020)'],
  [/(\|\||&&)=/g, 'logical assignment (ES2021)'],
  [/#[A-Za-z_$]/g, 'a private name `#x` (ES2022)'],
  [/\bstatic\s*\{/g, 'a static block (ES2022)'],
  [/\bcatch\s*\{/g, '`catch` without a binding (ES2019)'],
  [/\bfor\s+await\b/g, '`for await` (ES2018)'],
  [/\b(?:0[xX][\da-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|\d[\d_]*)n\b/g, 'a BigInt literal (ES2020)'],
  [/\b(?:\d+_\d|0[xXbBoO][\da-fA-F]*_)/g, 'a numeric separator (ES2021)'],
  [/\bimport\s*[(.]/g, '`import()` or `import.meta` (ES2020)'],
  [/^\s*(?:import|export)\b/gm, 'a module `import` or `export` (these are scripts, not modules)'],
];

// Built-ins newer than ES2017: a browser the widget supports has none of them.
const NEWER_BUILT_INS = [
  [/\.(?:flat|flatMap)\(/g, 'Array.prototype.flat/flatMap (ES2019)'],
  [/\bObject\.fromEntries\b/g, 'Object.fromEntries (ES2019)'],
  [/\.(?:trimStart|trimEnd)\(/g, 'String.prototype.trimStart/trimEnd (ES2019)'],
  [/\.finally\(/g, 'Promise.prototype.finally (ES2018)'],
  [/\.matchAll\(/g, 'String.prototype.matchAll (ES2020)'],
  [/\bPromise\.allSettled\b/g, 'Promise.allSettled (ES2020)'],
  [/\bglobalThis\b/g, 'globalThis (ES2020)'],
  [/\.replaceAll\(/g, 'String.prototype.replaceAll (ES2021)'],
  [/\bPromise\.any\b/g, 'Promise.any (ES2021)'],
  [/\.at\(/g, '.at() (ES2022)'],
  [/\bObject\.hasOwn\b/g, 'Object.hasOwn (ES2022)'],
  [/\.(?:findLast|findLastIndex|toSorted|toReversed|toSpliced)\(/g, 'a copying or from-the-end array method (ES2023)'],
];

/** Where `source` leaves the dialect: one sentence per place, with its line. */
function dialectProblems(source) {
  const { code, regexes, objectSpreads, classFields } = scan(source);
  const lineOf = (offset) => source.slice(0, offset).split('\n').length;
  const problems = [];
  const add = (offset, what) => problems.push(`line ${lineOf(offset)}: ${what}`);
  for (const match of code.matchAll(/\bvar\b/g)) add(match.index, '`var` (declare with const or let)');
  for (const [pattern, what] of NEWER_SYNTAX) for (const match of code.matchAll(pattern)) add(match.index, what);
  for (const [pattern, what] of NEWER_BUILT_INS) for (const match of code.matchAll(pattern)) add(match.index, what);
  for (const at of objectSpreads) add(at, 'object rest or spread `{...x}` (ES2018)');
  for (const at of classFields) add(at, 'a class field (ES2022)');
  for (const { at, body, flags } of regexes) {
    if (/[sdv]/.test(flags)) add(at, `the regular expression flag of /…/${flags} (ES2018 and later)`);
    if (/\(\?<[=!]/.test(body)) add(at, 'a lookbehind in a regular expression (ES2018)');
    if (/\(\?<[A-Za-z_$]/.test(body) || /\\k</.test(body)) add(at, 'a named group in a regular expression (ES2018)');
    if (/\\[pP]\{/.test(body)) add(at, 'a Unicode property escape in a regular expression (ES2018)');
  }
  // Strict mode: the first statement of the script, or of the function that wraps all of it.
  const leadingComments = /^(?:\s*(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/))*/;
  if (!/^\s*(?:\(function \([\w, ]*\) \{\s*)?'use strict';/.test(source.replace(leadingComments, ''))) {
    problems.push("line 1: no 'use strict' as the first statement of the script or of its wrapping function");
  }
  return problems;
}

/** Every script a browser runs: [name, source]. */
function browserScripts() {
  const scripts = [];
  const walkFolder = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walkFolder(file);
      else if (entry.name.endsWith('.js')) scripts.push([path.relative(ROOT, file), fs.readFileSync(file, 'utf8')]);
      else if (entry.name.endsWith('.html')) {
        const html = fs.readFileSync(file, 'utf8');
        for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
          scripts.push([`${path.relative(ROOT, file)} (inline script)`, match[1]]);
        }
      }
    }
  };
  walkFolder(RESOURCES);
  walkFolder(path.join(ROOT, 'tools', 'pow'));
  scripts.push(['/widget.js as serve joins it', joinedWidgetScript()]);
  const parts = widgetPartNames().map((name) => fs.readFileSync(path.join(WIDGET, name), 'utf8')).join('');
  scripts.push(['a drop-in script as serve joins it', serveAssetsString('dropInPrologue') + parts +
    fs.readFileSync(path.join(RESOURCES, 'dropin.js'), 'utf8') + serveAssetsString('dropInEpilogue')]);
  return scripts;
}

test('every script a browser runs is ES2017 in strict mode, declared with const and let', () => {
  const scripts = browserScripts();
  const names = scripts.map(([name]) => name);
  const expected = [...widgetPartNames().map((part) => `widget/${part}`), 'pow-worker.js', 'dropin.js',
    'demo.html (inline script)'].map((name) => path.join('Sources', 'CaptchaServe', 'Resources', name));
  for (const name of [...expected, 'tools/pow/pow_page.html (inline script)']) assert.ok(names.includes(name), name);
  const problems = scripts.flatMap(([name, source]) => dialectProblems(source).map((p) => `${name}, ${p}`));
  assert.deepEqual(problems, []);
});

test('the check sees each construct outside the dialect', () => {
  const outside = {
    "'use strict';\nvar a = 1;": '`var`',
    "'use strict';\nfor (var i = 0; i < 2; i++) {}": '`var`',
    "'use strict';\nconst a = b?.c;": 'optional chaining',
    "'use strict';\nconst a = b ?? 1;": 'nullish coalescing',
    "'use strict';\na ||= 1;": 'logical assignment',
    "'use strict';\na ??= 1;": 'nullish coalescing',
    "'use strict';\nclass A { x = 1; m() {} }": 'a class field',
    "'use strict';\nclass A { #x; }": 'a private name',
    "'use strict';\ntry { f(); } catch { g(); }": '`catch` without a binding',
    "'use strict';\nconst o = { ...p, q: 1 };": 'object rest or spread',
    "'use strict';\nconst { a, ...rest } = o;": 'object rest or spread',
    "'use strict';\nconst n = 10n;": 'a BigInt literal',
    "'use strict';\nconst n = 1_000;": 'a numeric separator',
    "'use strict';\nconst m = import('./m.js');": '`import()`',
    "'use strict';\nexport const a = 1;": 'a module',
    "'use strict';\nasync function f(xs) { for await (const x of xs) g(x); }": '`for await`',
    "'use strict';\nconst r = /a.b/s;": 'flag',
    "'use strict';\nconst r = /(?<year>\\d{4})/;": 'a named group',
    "'use strict';\nconst r = /(?<=a)b/;": 'a lookbehind',
    "'use strict';\nconst a = xs.flat();": 'flat',
    "'use strict';\nconst a = xs.at(-1);": '.at()',
    "'use strict';\nconst a = `${b?.c}`;": 'optional chaining',
    "const a = 1;": "no 'use strict'",
    "(function (parts) {\n  const a = 1;\n})(CaptchaGenParts);": "no 'use strict'",
  };
  for (const [source, what] of Object.entries(outside)) {
    const problems = dialectProblems(source);
    assert.ok(problems.some((p) => p.includes(what)), `${JSON.stringify(source)}: ${JSON.stringify(problems)}`);
  }
});

test('the check passes ES2017 and what only looks like newer code', () => {
  const inside = [
    "'use strict';\nconst a = b ? .5 : 1;",
    "'use strict';\nconst css = 'color:var(--cg-fg)';",
    "// var a = b?.c ?? d\n'use strict';\n/* var x */ let y = 2 ** 3;",
    "'use strict';\nconst s = `var ${a + 1} ?? b?.c #x`;",
    "'use strict';\nconst r = /var |a\\/b?.c/g.test(s) ? a / b / c : 0;",
    "'use strict';\nconst xs = [...ys, ...f(...zs)];",
    "'use strict';\nasync function f(o) { const { a, b = 2 } = o; for (const k in o) await g(k, a, b); }",
    "'use strict';\nclass A extends B { constructor(x = 1) { super(x); } static m() { return x === 1; } }",
    "'use strict';\nconst o = { a, [k]: v, m() { return [a].length; } };",
    "(function (parts) {\n  'use strict';\n  const x_1 = 0x1f;\n})(CaptchaGenParts);",
  ];
  for (const source of inside) assert.deepEqual(dialectProblems(source), [], JSON.stringify(source));
});
