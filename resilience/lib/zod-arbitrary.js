'use strict';
// A small zod 4 schema → fast-check arbitrary mapper (zod-fast-check supports zod 3 only). It
// reads the schema's definition (`schema._zod.def`): objects (strict or not), strings with their
// length checks and the email format, numbers, booleans, arrays, optional/nullable/default,
// pipes (their input side) and unions. It makes inputs the schema is likely to accept, near its
// limits too; the fuzzer then breaks them (hostile.js). Refinements are not solved: a value they
// refuse is a fine test of the 400 path.

const fc = require('fast-check');
const { hostileString, hostileScalar } = require('./hostile');

/** @typedef {{ _zod: { def: any, optin?: string } }} AnySchema */

/**
 * Tags the generated e-mail addresses, so that a second run with the same seed signs up new
 * accounts instead of meeting the first run's (RESILIENCE_RUN_TAG fixes it for an exact replay).
 */
const RUN = process.env.RESILIENCE_RUN_TAG || Date.now().toString(36);

/** @param {any[]} checks @param {string} kind */
function checkValue(checks, kind, field = 'value') {
  for (const c of checks ?? []) {
    const def = c?._zod?.def;
    if (def?.check === kind) return def[field] ?? def.value;
  }
  return undefined;
}

/** @param {AnySchema} schema */
function isEmail(schema) {
  const def = schema._zod.def;
  if (def.type === 'string' && def.format === 'email') return true;
  if (def.type === 'pipe') return isEmail(def.in) || isEmail(def.out);
  return false;
}

/** A string of length within [min, max] (code points), plain, unicode or at the limit. */
function stringArb(min, max) {
  const hi = Math.max(min, max);
  const cap = Math.min(hi, 120);
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.string({
        minLength: Math.max(min, 1),
        maxLength: Math.max(Math.min(cap, 40), 1),
        unit: 'grapheme-ascii',
      }),
    },
    { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: cap, unit: 'grapheme' }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'a'.repeat(Math.min(hi, 100_000)),
        'b'.repeat(Math.min(hi + 1, 100_001)),
        '⛳'.repeat(Math.min(hi, 50_000)),
      ),
    },
    { weight: 1, arbitrary: hostileString },
  );
}

/**
 * @param {AnySchema} schema
 * @param {Record<string, import('fast-check').Arbitrary<unknown>>} [overrides] by object key
 * @returns {import('fast-check').Arbitrary<unknown>}
 */
function arbitraryOf(schema, overrides = {}) {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string': {
      if (isEmail(schema)) {
        const plain = fc
          .tuple(
            fc.stringMatching(/^[a-z0-9._+-]{1,20}$/),
            fc.constantFrom('example.com', 'Example.COM', 'mail.example.org'),
          )
          .map(([local, domain]) => `fuzz-${RUN}-${local}@${domain}`);
        return fc.oneof(
          { weight: 4, arbitrary: plain },
          { weight: 1, arbitrary: fc.emailAddress() },
          { weight: 1, arbitrary: hostileString },
        );
      }
      const min = checkValue(def.checks, 'min_length', 'minimum') ?? 0;
      const max = checkValue(def.checks, 'max_length', 'maximum') ?? 120;
      return stringArb(min, max);
    }
    case 'number': {
      const lo = checkValue(def.checks, 'greater_than') ?? -1e6;
      const hi = checkValue(def.checks, 'less_than') ?? 1e6;
      return fc.oneof(
        fc.integer({ min: Math.max(-1e9, Math.ceil(lo)), max: Math.min(1e9, Math.floor(hi)) }),
        fc.constantFrom(lo, hi, lo - 1, hi + 1, 0.5, -0, Number.MAX_SAFE_INTEGER + 2),
      );
    }
    case 'boolean':
      return fc.oneof({ weight: 5, arbitrary: fc.boolean() }, { weight: 1, arbitrary: hostileScalar });
    case 'literal':
      return fc.constantFrom(...def.values);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries));
    case 'array': {
      const element = arbitraryOf(def.element, overrides);
      return fc.array(element, { maxLength: 24 });
    }
    case 'object': {
      /** @type {Record<string, import('fast-check').Arbitrary<unknown>>} */
      const fields = {};
      const required = [];
      for (const [key, value] of Object.entries(def.shape)) {
        fields[key] = overrides[key] ?? arbitraryOf(/** @type {AnySchema} */ (value), overrides);
        const optional = value._zod.optin === 'optional' || value._zod.def.type === 'default';
        if (!optional) required.push(key);
      }
      return fc.record(fields, { requiredKeys: required });
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return arbitraryOf(def.innerType, overrides);
    case 'nullable':
      return fc.oneof(
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 4, arbitrary: arbitraryOf(def.innerType, overrides) },
      );
    case 'pipe':
      return isEmail(schema) ? arbitraryOf(def.out, overrides) : arbitraryOf(def.in, overrides);
    case 'union':
      return fc.oneof(...def.options.map((/** @type {AnySchema} */ o) => arbitraryOf(o, overrides)));
    case 'unknown':
    case 'any':
    default:
      return hostileScalar;
  }
}

module.exports = { arbitraryOf };
