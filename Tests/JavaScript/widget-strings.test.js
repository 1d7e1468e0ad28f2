// The widget's languages (widget/strings.js): every catalog has every key with the same
// parameters, the language is picked as documented, right-to-left languages say so, and a site's
// overrides apply; bad input falls back to English or is refused with a sentence.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { loadWidgetParts } = require('./support.js');

const strings = loadWidgetParts('strings.js').strings;
const { CATALOGS, FALLBACK, pickLanguage, direction, validOverrides, translator } = strings;
const REQUIRED = ['en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'pl', 'tr', 'ru', 'uk', 'ar', 'he', 'hi', 'id', 'zh', 'ja', 'ko'];
const paramsOf = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('the languages a site expects are shipped', () => {
  for (const lang of REQUIRED) assert.ok(CATALOGS[lang], `no catalog for ${lang}`);
});

test('every catalog has every English key, no other, each with the same {parameters}', () => {
  const keys = Object.keys(CATALOGS[FALLBACK]).sort();
  assert.ok(keys.length >= 30, `only ${keys.length} keys`);
  for (const [lang, catalog] of Object.entries(CATALOGS)) {
    assert.deepEqual(Object.keys(catalog).sort(), keys, `${lang}: keys differ from English`);
    for (const key of keys) {
      assert.equal(typeof catalog[key], 'string', `${lang}.${key}`);
      assert.ok(catalog[key].trim().length > 0, `${lang}.${key} is empty`);
      assert.deepEqual(paramsOf(catalog[key]), paramsOf(CATALOGS.en[key]), `${lang}.${key}: parameters`);
    }
  }
});

test('a catalog is a translation, not a copy of English', () => {
  for (const [lang, catalog] of Object.entries(CATALOGS)) {
    if (lang === FALLBACK) continue;
    const same = Object.keys(catalog).filter((k) => catalog[k] === CATALOGS.en[k] && /[a-z]{4}/.test(catalog[k]));
    assert.ok(same.length <= 2, `${lang} keeps English for ${same.join(', ')}`);
  }
});

test('the language: the first candidate with a catalog, whole tag or its first subtag, else English', () => {
  assert.equal(pickLanguage(['de']), 'de');
  assert.equal(pickLanguage(['de-AT']), 'de');
  assert.equal(pickLanguage(['pt-BR']), 'pt-br');
  assert.equal(pickLanguage(['pt-PT']), 'pt');
  assert.equal(pickLanguage(['zh-Hans-CN']), 'zh');
  assert.equal(pickLanguage(['', 'xx-YY', 'fr-CA', 'de']), 'fr', 'unknown and empty candidates are passed over');
  assert.equal(pickLanguage(['tlh', 'not a tag!', null, 42]), 'en');
  assert.equal(pickLanguage([]), 'en');
  assert.equal(pickLanguage(['JA_jp']), 'ja', 'case and underscores are forgiven');
});

test('Arabic, Hebrew, Persian and Urdu are written right to left', () => {
  for (const lang of ['ar', 'he', 'fa', 'ur', 'ar-EG']) assert.equal(direction(lang), 'rtl', lang);
  for (const lang of ['en', 'de', 'zh', 'hi']) assert.equal(direction(lang), 'ltr', lang);
  assert.deepEqual({ lang: translator('he').lang, dir: translator('he').dir }, { lang: 'he', dir: 'rtl' });
});

test('parameters are filled in; an unknown key is null, not a crash', () => {
  const de = translator('de');
  assert.equal(de.t('powWorking', { solved: 3, total: 16 }), 'In Arbeit: 3 von 16 Teilen erledigt.');
  assert.equal(de.t('nonsense'), null);
  assert.equal(translator('en').t('fail', {}), 'Failed: {reason}. Here comes a new puzzle.', 'a missing parameter stays visible');
});

test('overrides: the widget\'s over the site\'s over the catalog; only known keys and text', () => {
  strings.setStrings('de', { pass: 'Geschafft!' });
  assert.equal(translator('de').t('pass'), 'Geschafft!');
  assert.equal(translator('de', { pass: 'Super.' }).t('pass'), 'Super.');
  assert.equal(translator('fr').t('pass'), CATALOGS.fr.pass, 'another language is untouched');
  assert.throws(() => strings.setStrings('de', { passs: 'x' }), /no string is called "passs"/);
  assert.throws(() => strings.setStrings('de', { pass: 7 }), /must be text/);
  assert.throws(() => strings.setStrings('not a tag!', { pass: 'x' }), /is not a language tag/);
  const problems = [];
  assert.deepEqual(validOverrides({ pass: 'ok', nope: 'x', retry: null, 'reason.not_in_gap': 'y' }, problems), {
    pass: 'ok',
    'reason.not_in_gap': 'y',
  });
  assert.equal(problems.length, 2);
  assert.deepEqual(validOverrides('["pass"]', (problems.length = 0, problems)), {});
  assert.match(problems[0], /must be an object/);
});
