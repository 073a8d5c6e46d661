'use strict';
// What a hostile or broken client sends: wrong types, huge and deep JSON (within the gateway's
// 1 MB body limit), unicode edge cases (lone surrogates, NUL, bidi overrides, emoji), MongoDB
// operator objects and prototype-pollution keys.

const fc = require('fast-check');

/** Strings no form would send. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\u202Eevil\u202C',
  '\u2066iso\u2069',
  '\u200B\u200D\uFEFF',
  '⛳🏌️‍♀️👨‍👩‍👧‍👦',
  '\r\n\t',
  'line\nbreak',
  'Ω≈ç√∫˜µ≤≥÷',
  '𝕿𝖍𝖊 𝖖𝖚𝖎𝖈𝖐',
  'ﷺ',
  '%00%0d%0a',
  '../../../../etc/passwd',
  '{"$gt":""}',
  '$where',
  '$ne',
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x1F',
  'a'.repeat(10_000),
  '😀'.repeat(3000),
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-composite', maxLength: 30 }) },
  {
    weight: 1,
    // Lone surrogates and control characters mixed into ordinary text.
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\ud83c', '\udfcc', '\u0007', '\u001b', '\u0085', '\u2028'))
      .map(([s, c]) => `${s}${c}${s}`),
  },
);

/** Operator objects and prototype keys. JSON.parse keeps "__proto__" as an own key, as a server would. */
const OPERATOR_OBJECTS = [
  { $gt: '' },
  { $ne: null },
  { $in: ['a', 'b'] },
  { $regex: '.*' },
  { $where: 'sleep(1000)' },
  { $exists: true },
  { $expr: { $eq: [1, 1] } },
];
const PROTO_JSON = [
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"prototype":{"polluted":"yes"}}',
  '{"__proto__":{"isAdmin":true,"membershipLevel":"premium"}}',
];

const hostileScalar = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 1, [], {}, [null], ''),
  hostileString,
  fc.constantFrom(...OPERATOR_OBJECTS),
);

/** JSON text nested `depth` deep (arrays or objects), built as text: no stack needed here. */
function deep(/** @type {number} */ depth, /** @type {boolean} */ arrays) {
  return arrays ? `${'['.repeat(depth)}"x"${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Raw bodies: text that is not what it says it is. */
const hostileRawBody = fc.oneof(
  fc.constantFrom(
    ...PROTO_JSON,
    '{',
    '{"a":',
    '[1,2,',
    '"just a string"',
    'null',
    'true',
    '12',
    '{"a":1,"a":2}',
    '\u0000\u0001\u0002',
    '\ufeff{}',
    'email=a%40b.c&password=x',
    '<xml/>',
    deep(5000, true),
    deep(3000, false),
    // ~200 KB and 100,000 levels: a recursive walk over it would overflow the stack.
    deep(100_000, true),
    `{"email":${deep(50_000, false)},"password":"x"}`,
    // ~900 KB: within nginx's 1 MB, past any service's JSON limit.
    JSON.stringify({ name: 'x'.repeat(900_000) }),
    JSON.stringify(Array.from({ length: 50_000 }, (_, i) => i)),
    JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))),
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** A whole JSON body of the wrong shape. */
const hostileJsonBody = fc.oneof(
  hostileScalar,
  fc.constantFrom(...OPERATOR_OBJECTS.map((o) => ({ email: o, password: o, name: o, isLike: o }))),
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(hostileString, hostileScalar, { maxKeys: 6 }),
);

module.exports = { HOSTILE_STRINGS, hostileString, hostileScalar, hostileRawBody, hostileJsonBody, PROTO_JSON, deep };
