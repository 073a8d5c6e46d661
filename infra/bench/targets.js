'use strict';
// The bench's targets: the public reads with the bare Koa baselines serving their bytes
// (baseline.js), the member reads, the heartbeat and the media, each checked once before the run.

const { spawn } = require('node:child_process');
const { mkdirSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { env, OUT_DIR, ROOT } = require('./settings');
const { call } = require('./members');
const { heartbeatLua } = require('./wrk');

// The public targets are measured against a bare Koa serving their own bytes (issue 26: "bare
// Koa serving the same bytes"): the lesson list is 5 KB, 25 times the member's identity.
const PUBLIC_TARGETS = [
  { name: 'GET /api/lessons (visitor)', path: '/api/lessons', bytes: 'lessons' },
  { name: 'GET /api/testimonials', path: '/api/testimonials', bytes: 'testimonials' },
];

/** The bytes of each public target, read once through the gateway (the bare Koa answers them). */
async function publicBytes() {
  const sameBytes = {};
  for (const t of PUBLIC_TARGETS) {
    const res = await call(t.path);
    if (res.status !== 200) throw new Error(`${t.path} → ${res.status} before the run`);
    sameBytes[t.bytes] = Buffer.from(res.text);
  }
  return sameBytes;
}

function startBaselines(free, body, sameBytes) {
  mkdirSync(OUT_DIR, { recursive: true });
  const bodyFile = path.join(OUT_DIR, 'auth-user-body.json');
  writeFileSync(bodyFile, body);
  // The bytes of the public targets, each answered by the bare Koa at /_bench/bare/<name>.
  const bodyDir = path.join(OUT_DIR, 'bodies');
  rmSync(bodyDir, { recursive: true, force: true });
  mkdirSync(bodyDir);
  for (const [name, bytes] of Object.entries(sameBytes)) writeFileSync(path.join(bodyDir, `${name}.json`), bytes);
  const sid = /fm\.sid=([^;]+)/.exec(free.cookie)[1];
  const child = spawn(process.execPath, [path.join(__dirname, 'baseline.js')], {
    env: {
      ...env,
      BENCH_BODY_FILE: bodyFile,
      BENCH_BODY_DIR: bodyDir,
      BENCH_SESSION_KEY: require(path.join(ROOT, 'services/shared/dist/auth/index.js')).sessionKey(
        env.REDIS_PREFIX,
        sid,
      ),
      BENCH_USER_ID: free.id,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the baseline server exited (${code})`)));
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('ready')) resolve(child);
    });
  });
}

/**
 * Every target of the run (BENCH_ONLY: only those whose name matches, beside the two baselines).
 * `beat`: a valid heartbeat, checked once before the run; wrk's are made by heartbeatLua.
 */
function benchTargets({ free, premium, sections, audio, beat, beatItems, beatCookies }) {
  const only = env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY, 'i') : undefined;
  return [
    { name: 'nginx static /index.html', path: '/index.html' },
    { name: 'bare Koa (same bytes as /api/auth/user)', path: '/_bench/bare', base: 'bare' },
    { name: 'bare Koa + Redis GET + findOne', path: '/_bench/store', base: 'store' },
    ...PUBLIC_TARGETS.flatMap((t) => [
      { name: `bare Koa (same bytes as ${t.path})`, path: `/_bench/bare/${t.bytes}`, base: t.bytes, for: t.name },
      { name: t.name, path: t.path, public: true, service: 'content', sameBytes: t.bytes },
    ]),
    {
      name: 'GET /api/auth/user (free member)',
      path: '/api/auth/user',
      cookie: free.cookie,
      member: true,
      service: 'auth',
    },
    {
      name: 'GET /api/member/lectures (free)',
      path: '/api/member/lectures',
      cookie: free.cookie,
      member: true,
      service: 'content',
    },
    {
      name: `GET /api/member/content/<id> (Premium, ${sections[0]?.slug ?? '?'})`,
      path: `/api/member/content/${sections[0]?.id}`,
      cookie: premium.cookie,
      member: true,
      service: 'content',
    },
    {
      name: 'GET /api/courses (free)',
      path: '/api/courses',
      cookie: free.cookie,
      member: true,
      kind: 'courses',
      service: 'courses',
    },
    {
      name: `POST /api/practice/heartbeats (${beatCookies.length} Premium members, a new beat each time over ${beatItems.length} items)`,
      path: '/api/practice/heartbeats',
      cookie: premium.cookie,
      member: true,
      kind: 'heartbeat',
      service: 'practice',
      request: { method: 'POST', body: beat, lua: () => heartbeatLua(beatItems, beatCookies) },
    },
    ...(audio
      ? [
          {
            name: `GET ${audio} (Premium, auth_request, first 4 KiB)`,
            path: audio,
            cookie: premium.cookie,
            member: true,
            kind: 'media',
            service: 'content',
            headers: ['Range: bytes=0-4095'],
          },
        ]
      : []),
  ].filter((t) => !only || (t.base && !t.for) || only.test(t.for ?? t.name));
}

/** Each target answers (below 300) before the run. */
async function checkTargets(targets) {
  for (const t of targets) {
    const res = await call(t.path, {
      cookie: t.cookie,
      ...(t.request ?? {}),
      headers: Object.fromEntries((t.headers ?? []).map((h) => h.split(': '))),
    });
    if (res.status >= 300) throw new Error(`${t.path} answers ${res.status} before the run: ${res.text.slice(0, 200)}`);
  }
}

module.exports = { benchTargets, checkTargets, publicBytes, startBaselines };
