'use strict';
// Hostile input through the real gateway: every /api route, as visitor, free member and Premium
// member, with bodies drawn from the route's zod schema (lib/zod-arbitrary.js) and broken on
// purpose (lib/hostile.js). RESILIENCE_FUZZ_RUNS requests (10,000) from a fixed seed
// (RESILIENCE_SEED, printed): the same seed sends the same requests.
//
// Asserted: no 5xx; every 4xx is the JSON envelope {message, code?, errors?}; no stack trace,
// file path or MongoDB/zod internals in any body; nothing created by a refused request (users,
// courses, contact messages counted before and after); Object.prototype untouched here.

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { say } = require('../lib/report');
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const fc = require('fast-check');
const { config, ROOT } = require('../lib/config');
const { Client, pool } = require('../lib/http');
const { signUp, premiumMember, appDb, closeAppDb } = require('../lib/members');
const { arbitraryOf } = require('../lib/zod-arbitrary');
const { hostileString, hostileScalar, hostileRawBody, hostileJsonBody } = require('../lib/hostile');
const { signature } = require('../lib/stripe-events');

const BUDGET_MS = Number(process.env.RESILIENCE_FUZZ_BUDGET_S || 300) * 1000;
const CONCURRENCY = Number(process.env.RESILIENCE_FUZZ_CONCURRENCY || 12);

const schemas = {
  auth: require(path.join(ROOT, 'services/auth/dist/domain/user.schemas.js')),
  courses: require(path.join(ROOT, 'services/courses/dist/domain/course.schemas.js')),
  contact: require(path.join(ROOT, 'services/contact/dist/domain/contact.schemas.js')),
};

/** Valid pars most of the time: the rest of a course then reaches the text rules. */
const parsArb = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.constantFrom(3, 4, 5), { minLength: 18, maxLength: 18 }) },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 20 }) },
);
const urlArb = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(null, '', 'javascript:alert(1)', 'http://user:pw@host/x', 'ftp://x/y'),
  hostileString,
);
const courseOverrides = { pars: parsArb, photoUrl: urlArb, scorecardUrl: urlArb };
const bodyArbs = {
  signup: arbitraryOf(schemas.auth.signupSchema),
  login: arbitraryOf(schemas.auth.loginSchema),
  createCourse: arbitraryOf(schemas.courses.createCourseSchema, courseOverrides),
  updateCourse: arbitraryOf(schemas.courses.updateCourseSchema, courseOverrides),
  like: arbitraryOf(schemas.courses.likeSchema),
  contact: arbitraryOf(schemas.contact.contactInputSchema),
  // Routes whose schemas are not exported under a stable name: hand-made, same generators.
  forgot: fc.record({ email: arbitraryOf(schemas.auth.signupSchema.shape.email) }),
  reset: fc.record({ token: hostileString, password: hostileString }, { requiredKeys: [] }),
  change: fc.record({ currentPassword: hostileString, newPassword: hostileString }, { requiredKeys: [] }),
  profile: fc.record({ firstName: hostileString, lastName: hostileString }, { requiredKeys: [] }),
  deleteAccount: fc.record({ password: hostileString }, { requiredKeys: [] }),
  none: fc.constant(undefined),
};
const listQueryArb = arbitraryOf(schemas.courses.listQuerySchema);

/**
 * The routes (gateway/nginx.conf.template, docs/API.md). `body` names a schema; `param` what
 * fills `:x` (course ids, lesson ids, slugs); `as` limits the actors (logout only as visitor:
 * it would end the fixtures' sessions).
 * @type {Array<{ method: string, path: string, body?: keyof typeof bodyArbs, query?: 'list' | 'sectionId', param?: 'course' | 'lesson' | 'slug' | 'section' | 'page', as?: string[], foreignOnly?: boolean, spare?: boolean }>}
 */
const ROUTES = [
  { method: 'POST', path: '/api/auth/signup', body: 'signup', spare: true },
  { method: 'POST', path: '/api/auth/login', body: 'login', spare: true },
  { method: 'POST', path: '/api/auth/logout', as: ['visitor'] },
  { method: 'GET', path: '/api/auth/user' },
  { method: 'POST', path: '/api/auth/password/forgot', body: 'forgot' },
  { method: 'POST', path: '/api/auth/password/reset', body: 'reset' },
  { method: 'POST', path: '/api/auth/password/change', body: 'change' },
  { method: 'PATCH', path: '/api/auth/user', body: 'profile' },
  { method: 'POST', path: '/api/auth/logout-all', as: ['visitor'] },
  { method: 'GET', path: '/api/auth/user/export' },
  // Without the member's password (the fuzzer never has it): refused, never a deletion.
  { method: 'DELETE', path: '/api/auth/user', body: 'deleteAccount' },
  { method: 'GET', path: '/api/config' },
  { method: 'GET', path: '/api/login' },
  { method: 'GET', path: '/api/testimonials' },
  { method: 'GET', path: '/api/membership-tiers' },
  { method: 'GET', path: '/api/lessons' },
  { method: 'GET', path: '/api/lessons/:x', param: 'lesson' },
  { method: 'GET', path: '/api/member/lectures' },
  { method: 'GET', path: '/api/member/sections' },
  { method: 'GET', path: '/api/member/sections/:x', param: 'slug' },
  { method: 'GET', path: '/api/member/content', query: 'sectionId' },
  { method: 'GET', path: '/api/member/content/:x', param: 'section' },
  { method: 'GET', path: '/api/member/guided-visualizations' },
  { method: 'GET', path: '/api/member/pages/:x', param: 'page' },
  { method: 'GET', path: '/api/member/media-access' },
  { method: 'GET', path: '/api/courses', query: 'list' },
  { method: 'GET', path: '/api/courses/public', query: 'list' },
  { method: 'GET', path: '/api/courses/favorites', query: 'list' },
  { method: 'GET', path: '/api/courses/:x', param: 'course' },
  { method: 'POST', path: '/api/courses', body: 'createCourse' },
  { method: 'PATCH', path: '/api/courses/:x', body: 'updateCourse', param: 'course' },
  { method: 'DELETE', path: '/api/courses/:x', param: 'course', foreignOnly: true },
  { method: 'PUT', path: '/api/courses/:x/like', body: 'like', param: 'course' },
  { method: 'DELETE', path: '/api/courses/:x/like', param: 'course' },
  { method: 'PUT', path: '/api/courses/:x/favorite', param: 'course' },
  { method: 'DELETE', path: '/api/courses/:x/favorite', param: 'course' },
  { method: 'POST', path: '/api/contact', body: 'contact' },
  { method: 'GET', path: '/api/contact/mine', query: 'list' },
  { method: 'GET', path: '/api/billing/config' },
  { method: 'POST', path: '/api/create-subscription' },
  { method: 'POST', path: '/api/create-coaching-payment' },
  { method: 'POST', path: '/api/billing/sync' },
  { method: 'GET', path: '/api/billing/subscription' },
  { method: 'POST', path: '/api/billing/cancel' },
  { method: 'POST', path: '/api/billing/resume' },
  { method: 'POST', path: '/api/billing/portal' },
  { method: 'POST', path: '/api/billing/webhook' },
  { method: 'GET', path: '/api/nothing-here' },
  { method: 'PROPFIND', path: '/api/courses' },
  { method: 'PUT', path: '/api/auth/user' },
];
const ACTORS = ['visitor', 'free', 'premium'];
const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '$gt',
  'isAdmin',
  'membershipLevel',
  '_id',
  'id',
  'userId',
  'ownerId',
  'likes',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  '',
];

/** One request the fuzzer sends, as data (printed when it finds something). */
const caseArb = fc.record({
  route: fc.nat({ max: ROUTES.length - 1 }),
  actor: fc.constantFrom(...ACTORS),
  who: fc.nat({ max: 99 }),
  bodyKind: fc.constantFrom('schema', 'schema', 'schema', 'schema', 'mutated', 'mutated', 'json', 'raw'),
  schemaBody: fc.nat({ max: 1_000_000 }),
  extraKey: fc.constantFrom(...EXTRA_KEYS),
  hostile: hostileScalar,
  jsonBody: hostileJsonBody,
  rawBody: hostileRawBody,
  contentType: fc.constantFrom(...CONTENT_TYPES),
  param: fc.constantFrom('own', 'public', 'random', 'hostile', 'hostile', 'valid'),
  paramText: hostileString,
  query: listQueryArb,
  queryHostile: fc.constantFrom(
    '',
    '?q[$ne]=',
    '?q=a&q=b',
    '?limit=-1',
    '?limit=1e3',
    '?offset=NaN',
    '?__proto__[x]=1',
    '?sectionId[$gt]=',
    '?q=%00',
    '?q=%ED%A0%80',
    '?limit=100&offset=9999999999',
  ),
  origin: fc.constantFrom('site', 'site', 'site', 'site', 'site', 'site', 'site', 'site', 'none', 'evil'),
  header: fc.constantFrom(...Array(12).fill('none'), 'gzip', 'request-id', 'huge-cookie'),
  signed: fc.boolean(),
});

/** Internals a body must never show (matched on every non-2xx body). */
const LEAKS = [
  [/\n\s+at [^\n]+:\d+:\d+/, 'a stack frame'],
  [/\bat (?:async )?[\w$.<>]+ \([^)]*:\d+:\d+\)/, 'a stack frame'],
  [/\/(?:work|home|usr|opt|srv|app)\/[\w./-]+/, 'a file path'],
  [/node_modules|\.ts:\d+|\.js:\d+/, 'a source location'],
  [
    /Mongo(?:Server|Network)?Error|E11000|BSON|FerretDB|ferretdb|Cast to \w+ failed|ValidationError|CastError/,
    'MongoDB internals',
  ],
  [
    /ZodError|\$ZodError|"code":"invalid_(?:type|union|value|format)"|Invalid input: expected|expected \w+, received \w+|Too (?:big|small): expected/,
    'zod internals',
  ],
  [/ECONNREFUSED|ETIMEDOUT|ENOTFOUND|TypeError|ReferenceError|RangeError|Cannot read propert/, 'a runtime error'],
  [/<html|<!DOCTYPE/i, 'an HTML error page'],
];

/** @param {any} json */
function envelopeProblem(json) {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return 'not a JSON object';
  const extra = Object.keys(json).filter((k) => !['message', 'code', 'errors'].includes(k));
  if (extra.length) return `extra keys ${extra.join(',')}`;
  if (typeof json.message !== 'string' || !json.message) return 'no message';
  if (json.code !== undefined && typeof json.code !== 'string') return 'code is not a string';
  if (json.errors !== undefined) {
    if (!json.errors || typeof json.errors !== 'object' || Array.isArray(json.errors)) return 'errors is not an object';
    if (Object.values(json.errors).some((v) => typeof v !== 'string')) return 'an errors value is not a string';
  }
  return null;
}

/** @type {any} */
let fx = {};

before(async () => {
  const [free1, free2, free3, premium1, premium2, owner, spareFree, sparePremium] = await Promise.all([
    signUp(),
    signUp(),
    signUp(),
    premiumMember(),
    premiumMember(),
    signUp(),
    signUp(),
    premiumMember(),
  ]);
  const members = { free: [free1, free2, free3], premium: [premium1, premium2] };
  const course = (/** @type {any} */ m, isPublic = false) =>
    m.client.post('/api/courses', { name: 'Fuzz Links', city: 'Fife', state: 'Fife', country: 'Scotland', isPublic });
  /** @type {Record<string, string>} */
  const ownCourse = {};
  for (const m of [...members.free, ...members.premium]) {
    const res = await course(m);
    assert.equal(res.status, 201, `a fixture course: ${res.text}`);
    ownCourse[m.user.id] = res.json.id;
  }
  // A public course of a member who is not an actor: likes, favorites, and refused edits and deletes.
  const publicRes = await course(owner, true);
  assert.equal(publicRes.status, 201);
  const lessons = (await new Client().get('/api/lessons')).json ?? [];
  const sections = (await premium1.client.get('/api/member/sections')).json ?? [];
  fx = {
    members,
    // A sign-up or login by a logged-in member replaces their session (the server ends the old
    // one): those routes are sent as these two, whose clients take the new session.
    spares: { free: spareFree, premium: sparePremium },
    ownCourse,
    publicCourse: publicRes.json.id,
    lessonIds: lessons.map((/** @type {any} */ l) => l.id),
    slugs: sections.map((/** @type {any} */ s) => s.slug),
    sectionIds: sections.map((/** @type {any} */ s) => s.id),
    pages: ['crash-course', 'more-talks', 'faq', 'about-me'],
  };
});

after(closeAppDb);

/** What the app holds that a request could create, counted from outside. */
async function counts() {
  const db = await appDb();
  /** @type {Record<string, number>} */
  const out = {
    users: await db.collection('users').countDocuments({}),
    contactMessages: await db.collection('contact_submissions').countDocuments({}),
  };
  for (const m of [...fx.members.free, ...fx.members.premium]) {
    const res = await m.client.get('/api/courses?limit=1');
    out[`courses of ${m.email}`] = Number(res.headers['x-total-count']);
  }
  return out;
}

/** A path segment of any text; a lone surrogate becomes the invalid UTF-8 a hostile client sends. */
function pathSegment(/** @type {string} */ text) {
  let encoded;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    encoded = encodeURIComponent(text.toWellFormed()).replace(/%EF%BF%BD/g, '%ED%A0%80');
  }
  return encoded.slice(0, 2000).replace(/%[0-9A-F]?$/, '') || '%20';
}

/** Turns one generated case into a request. @param {any} c */
function requestOf(c) {
  const route = ROUTES[c.route];
  const actor = route.as && !route.as.includes(c.actor) ? route.as[0] : c.actor;
  const member = actor === 'visitor' ? null : fx.members[actor][c.who % fx.members[actor].length];
  let p = route.path;
  if (route.param) {
    let value;
    const kind = route.foreignOnly && c.param === 'own' ? 'public' : c.param;
    if (kind === 'hostile') value = pathSegment(c.paramText);
    else if (kind === 'random') value = randomUUID();
    else if (route.param === 'course')
      value = kind === 'own' && member ? fx.ownCourse[member.user.id] : fx.publicCourse;
    else {
      const pick = (/** @type {string[]} */ list) => list[c.who % Math.max(list.length, 1)] ?? 'none';
      value = { lesson: pick(fx.lessonIds), slug: pick(fx.slugs), section: pick(fx.sectionIds), page: pick(fx.pages) }[
        route.param
      ];
    }
    p = p.replace(':x', value);
  }
  if (route.query === 'list') {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(c.query ?? {})) q.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    p += c.queryHostile || (q.size ? `?${q}` : '');
  } else if (route.query === 'sectionId') {
    p += c.queryHostile.startsWith('?sectionId')
      ? c.queryHostile
      : `?sectionId=${encodeURIComponent(fx.sectionIds[c.who % fx.sectionIds.length] ?? 'x')}`;
  }
  /** @type {Record<string, string>} */
  const headers = {};
  /** @type {string | undefined} */
  let raw;
  const schemaBody = route.body ? fc.sample(bodyArbs[route.body], { seed: c.schemaBody, numRuns: 1 })[0] : undefined;
  if (c.bodyKind === 'schema' && schemaBody !== undefined) raw = JSON.stringify(schemaBody);
  else if (c.bodyKind === 'mutated' && schemaBody && typeof schemaBody === 'object') {
    const keys = Object.keys(schemaBody);
    const mutated = { ...schemaBody };
    if (keys.length && c.schemaBody % 2) mutated[keys[c.schemaBody % keys.length]] = c.hostile;
    else Object.defineProperty(mutated, c.extraKey, { value: c.hostile, enumerable: true });
    raw = JSON.stringify(mutated);
  } else if (c.bodyKind === 'json' || (c.bodyKind !== 'raw' && route.method !== 'GET'))
    raw = JSON.stringify(c.jsonBody) ?? 'null';
  else if (c.bodyKind === 'raw') raw = c.rawBody;
  if (route.method === 'GET' && c.bodyKind !== 'raw') raw = undefined;
  if (raw !== undefined)
    headers['content-type'] =
      c.bodyKind === 'raw' || c.bodyKind === 'json' ? c.contentType || 'application/json' : 'application/json';
  if (!headers['content-type']) delete headers['content-type'];
  if (route.path === '/api/billing/webhook' && raw !== undefined && c.signed)
    headers['stripe-signature'] = signature(raw);
  if (c.header === 'gzip') headers['content-encoding'] = 'gzip';
  if (c.header === 'request-id') headers['x-request-id'] = c.paramText.replace(/[^\x20-\x7e]/g, '?').slice(0, 300);
  if (c.header === 'huge-cookie')
    headers.cookie = `fm.sid=${'A'.repeat(4000)}; fm.sid.sig=${c.paramText.replace(/[^\x21-\x7e]/g, '')}`;
  const origin = { site: undefined, none: null, evil: 'https://evil.example' }[
    /** @type {'site'|'none'|'evil'} */ (c.origin)
  ];
  const client = route.spare && actor !== 'visitor' ? fx.spares[actor].client : (member?.client ?? new Client());
  return { route, actor, client, method: route.method, path: p, raw, headers, origin };
}

test('when 10,000 hostile and schema-shaped requests hit every /api route as visitor, free and Premium member, then none gets a 5xx, every 4xx is the JSON envelope, nothing leaks and nothing refused is created', async () => {
  const runs = config.fuzzRuns;
  say(
    `fuzz: seed ${config.seed} (replay: RESILIENCE_SEED=${config.seed}), ${runs} requests, ${ROUTES.length} routes × ${ACTORS.length} actors, ${CONCURRENCY} at once, budget ${BUDGET_MS / 1000} s`,
  );
  const cases = fc.sample(caseArb, { seed: config.seed, numRuns: runs });
  const before = await counts();
  const t0 = Date.now();
  /** @type {Record<string, number>} */
  const byStatus = {};
  /** @type {Array<{ i: number, problem: string, request: string, status: number, body: string, kind: string }>} */
  const problems = [];
  const created = {
    users: 0,
    contactMessages: 0,
    courses: /** @type {Record<string, number>} */ ({}),
    foreignDeletes: 0,
  };
  let sent = 0;
  const tasks = cases.map((c, i) => async () => {
    if (Date.now() - t0 > BUDGET_MS) return;
    const r = requestOf(c);
    const describe = () =>
      `#${i} ${r.actor} ${r.method} ${r.path.slice(0, 200)} origin=${c.origin} ${JSON.stringify(r.headers).slice(0, 200)} body=${JSON.stringify((r.raw ?? '').slice(0, 300))}`;
    let res;
    try {
      // The fixtures keep their sessions (the spares take what sign-up and login answer).
      res = await r.client.request(r.method, r.path, {
        raw: r.raw,
        headers: r.headers,
        origin: r.origin,
        timeoutMs: 20_000,
        saveCookies: Boolean(r.route.spare),
      });
    } catch (err) {
      problems.push({
        i,
        problem: `no answer: ${/** @type {Error} */ (err).message}`,
        request: describe(),
        status: 0,
        body: '',
        kind: `no answer ${r.method} ${r.route.path}`,
      });
      return;
    }
    sent += 1;
    byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
    /** @param {string} problem */
    const report = (problem) =>
      problems.push({
        i,
        problem,
        request: describe(),
        status: res.status,
        body: res.text.slice(0, 400),
        kind: `${problem} ← ${r.method} ${r.route.path} → ${res.status}`,
      });
    if (res.status >= 500) report('5xx');
    if (res.status >= 400 && res.status < 500) {
      const bad = envelopeProblem(res.json);
      if (bad) report(`4xx not in the envelope (${bad})`);
    }
    if (res.status >= 300)
      for (const [re, what] of LEAKS) if (/** @type {RegExp} */ (re).test(res.text)) report(`${what} in the body`);
    if (res.status === 201 && r.path === '/api/auth/signup') created.users += 1;
    if (res.status === 201 && r.path === '/api/contact') created.contactMessages += 1;
    if (res.status === 201 && r.method === 'POST' && r.path === '/api/courses') {
      const key = `courses of ${fx.members[r.actor]?.[c.who % fx.members[r.actor].length]?.email}`;
      created.courses[key] = (created.courses[key] ?? 0) + 1;
    }
    if (r.method === 'DELETE' && /^\/api\/courses\/[^/]+$/.test(r.path) && res.status < 300)
      created.foreignDeletes += 1;
  });
  await pool(CONCURRENCY, tasks);
  const seconds = (Date.now() - t0) / 1000;
  const after = await counts();
  const statusLine = Object.entries(byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  say(
    `fuzz: sent ${sent} of ${runs} in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(0)}/s); by status ${statusLine}`,
  );
  const fiveXx = Object.entries(byStatus)
    .filter(([s]) => Number(s) >= 500)
    .reduce((n, [, v]) => n + v, 0);
  say(
    `fuzz: 5xx ${fiveXx}, problems ${problems.length}; created users ${created.users}, contact messages ${created.contactMessages}, courses ${JSON.stringify(created.courses)}, deletes of others' courses ${created.foreignDeletes}`,
  );
  /** @type {Map<string, { n: number, first: (typeof problems)[number] }>} */
  const kinds = new Map();
  for (const p of problems) {
    const k = kinds.get(p.kind);
    if (k) k.n += 1;
    else kinds.set(p.kind, { n: 1, first: p });
  }
  for (const [kind, { n, first }] of kinds)
    say(`  PROBLEM ×${n} ${kind}\n    e.g. ${first.request}\n    → ${first.status} ${first.body}`);

  // Nothing but the accepted requests changed what the app holds.
  const expected = { ...before };
  expected.users += created.users;
  expected.contactMessages += created.contactMessages;
  for (const [k, n] of Object.entries(created.courses)) expected[k] += n;
  // Users and messages are counted over the whole app: nothing else may use it meanwhile.
  assert.deepEqual(after, expected, 'what the app holds = before + what was accepted');
  assert.equal(created.foreignDeletes, 0, "no member deleted another member's course");
  assert.deepEqual(Object.keys(Object.prototype), [], 'Object.prototype untouched');
  assert.equal(/** @type {any} */ ({}).polluted, undefined, 'Object.prototype untouched');
  assert.ok(
    sent >= Math.min(runs, 1000),
    `at least ${Math.min(runs, 1000)} requests were sent in the time budget (sent ${sent})`,
  );
  assert.deepEqual([...kinds.keys()], [], 'no problem of any kind (examples above)');
});
