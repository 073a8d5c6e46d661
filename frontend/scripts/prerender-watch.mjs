#!/usr/bin/env node
/**
 * Keeps the prerendered public pages in step with the catalogue (issue 25), beside nginx: the
 * launcher starts it after the first prerender (process `prerender-watch`, infra/cli/app.ts)
 * and each gateway container starts its own (infra/docker/prerender/prerender-watch.sh), for
 * its own pages. It listens to the content service's announcements of catalogue changes (Redis
 * pub/sub, `<REDIS_PREFIX>:content:catalogue-changed`, made by every console edit and seed),
 * and renders the site again into the live folder (scripts/prerender-publish.mjs: staged, then
 * swapped file by file; pages that are gone or failed withdrawn so the SPA shell serves them).
 *
 *   node scripts/prerender-watch.mjs --api http://127.0.0.1:4002 --origin https://fairwaymind.com [--out DIR]
 *
 * Settings (arguments win over the environment):
 *   --api           FM_PRERENDER_API   the content service
 *   --origin        SITE_ORIGIN        the public origin
 *   --out           FM_PRERENDER_DIR   the live folder (default dist, next to the SPA)
 *   --redis-url     REDIS_URL          (default redis://127.0.0.1:6379)
 *   --redis-prefix  REDIS_PREFIX       (default fm)
 *   FM_PRERENDER_DEBOUNCE_MS (100): a burst of changes makes one render
 *   FM_PRERENDER_WITHDRAW_MS (4000): a render still running then withdraws the pages until done
 *   FM_PRERENDER_CHECK_S (60): also compare the pages with the API this often (0: never), for
 *     an announcement that got lost (Redis down while a change was saved)
 * On every (re)subscription it compares the pages with the API and renders when they differ.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PrerenderPublisher } from './prerender-publish.mjs';
import { appRoot, buildPresent, loadSiteRenderer } from './prerender-site.mjs';
import { subscribe } from './redis-subscribe.mjs';

const { values: args } = parseArgs({
  options: {
    api: { type: 'string' },
    origin: { type: 'string' },
    out: { type: 'string' },
    'redis-url': { type: 'string' },
    'redis-prefix': { type: 'string' },
  },
});
const env = process.env;
const api = args.api ?? env.FM_PRERENDER_API;
const origin = args.origin ?? env.SITE_ORIGIN;
const redisUrl = args['redis-url'] ?? env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = args['redis-prefix'] ?? env.REDIS_PREFIX ?? 'fm';
const out = path.resolve(args.out ?? env.FM_PRERENDER_DIR ?? path.join(appRoot, 'dist'));

const problems = [];
/** A whole number from the environment within [min, max], or the default; a bad one stops the start. */
function number(name, fallback, min, max) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    problems.push(`${name}=${raw} must be a whole number from ${min} to ${max}`);
    return fallback;
  }
  return Number(raw);
}
const debounceMs = number('FM_PRERENDER_DEBOUNCE_MS', 100, 0, 5000);
const withdrawAfterMs = number('FM_PRERENDER_WITHDRAW_MS', 4000, 500, 60_000);
const checkS = number('FM_PRERENDER_CHECK_S', 60, 0, 86_400);

if (!api || !/^https?:\/\//.test(api))
  problems.push('--api (FM_PRERENDER_API) must be the content service http(s) URL');
if (!origin || !/^https?:\/\/./.test(origin)) problems.push('--origin (SITE_ORIGIN) must be an http(s) origin');
if (!/^rediss?:\/\//.test(redisUrl)) problems.push('--redis-url (REDIS_URL) must be a redis:// or rediss:// URL');
if (!/^[a-zA-Z0-9_-]+$/.test(prefix)) problems.push('--redis-prefix (REDIS_PREFIX): letters, digits, - and _ only');
if (!buildPresent()) problems.push('dist/index.html or dist-ssr/entry-server.js missing (npm run build -w frontend)');
if (problems.length) {
  for (const p of problems) console.error(`prerender-watch: ${p}`);
  process.exit(2);
}

const log = (line) => console.log(`${new Date().toISOString()} ${line}`);
const renderer = await loadSiteRenderer({ api, origin, fetchTimeoutMs: 10_000, log });
const publisher = new PrerenderPublisher({
  render: (staging, onWritten, onPlan) => renderer.render(staging, onWritten, onPlan),
  isFresh: (dir) => renderer.isFresh(dir),
  out,
  debounceMs,
  withdrawAfterMs,
  log,
});

const channel = `${prefix}:content:catalogue-changed`;
/** The kinds of catalogue record the public pages show (content's announcement's `what`). */
const SHOWN = new Set(['lesson', 'testimonial', 'tier', 'seed']);
let subscribed = false;
const subscription = subscribe({
  redisUrl,
  channel,
  clientName: `${prefix}:gateway:prerender-watch`,
  onSubscribed: () => {
    if (!subscribed) log(`prerender-watch: subscribed to ${channel}`);
    subscribed = true;
    publisher.changed('subscribed');
  },
  onMessage: (payload) => {
    let what = 'catalogue';
    try {
      what = JSON.parse(payload).what ?? what;
    } catch {
      // Any message on the channel is a change.
    }
    // What the public pages show (every page embeds lessons, testimonials and tiers): render at
    // once; anything else (a lecture, a section item) only when the pages differ from the API.
    publisher.changed(String(what), { compare: !SHOWN.has(String(what)) });
  },
  log,
});
const check = checkS > 0 ? setInterval(() => publisher.changed('periodic check'), checkS * 1000) : null;
log(`prerender-watch: pages in ${out} follow ${channel} (${api}, for ${renderer.origin})`);

async function stop(signal) {
  clearInterval(check);
  subscription.close();
  await publisher.close();
  log(`prerender-watch: stopped (${signal})`);
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
