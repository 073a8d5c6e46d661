'use strict';
// Journey 11: the prerendered public pages follow the catalogue (issue 25, finding 3). The
// founder makes the free lesson Premium through the console API: within 5 s a visitor's
// /lesson/<id> is no longer its prerendered page, and /lessons, / and sitemap.xml no longer
// carry its video or list it as free; made free again, within 5 s each page shows it again.
// Through the gateway, as a visitor (no session cookie) and as the founder (the console API);
// the pages are rendered again by the gateway's watcher (frontend/scripts/prerender-watch.mjs).

const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const { setTimeout: sleep } = require('node:timers/promises');
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { config } = require('../lib/config');
const { newMember } = require('../lib/app');

const run = promisify(execFile);
const origin = new URL(config.baseUrl).origin;
const BOUND_MS = 5000;

/** A visitor's answer for a path: status and HTML/XML (no cookie: the prerendered page if any). */
async function visitor(path) {
  const res = await fetch(`${config.baseUrl}${path}`, { headers: { 'cache-control': 'no-cache' } });
  return { status: res.status, body: await res.text() };
}

/**
 * Polls `check` (which throws while the pages are not there yet) until it passes, for at most
 * 5 s from `since`; the last failure otherwise.
 */
async function within(since, what, check) {
  let last;
  for (;;) {
    try {
      await check();
      return Date.now() - since;
    } catch (err) {
      last = err;
    }
    if (Date.now() - since > BOUND_MS) {
      throw new Error(
        `${what}: not within ${BOUND_MS} ms of the change: ${last instanceof Error ? last.message : last}`,
      );
    }
    await sleep(100);
  }
}

const prerendered = (body) => /<script id="fm-state"/.test(body);

/** Whether a page's embedded state or JSON-LD shows lesson `id` as free. */
function listedAsFree(body, id) {
  const state = [...body.matchAll(new RegExp(`\\{"id":"${id}"[^{}]*\\}`, 'g'))].some((m) =>
    m[0].includes('"isFree":true'),
  );
  const jsonLd = new RegExp(`/lesson/${id}"[^{}]*"isAccessibleForFree":true`).test(body);
  return state || jsonLd;
}

test(
  '11. Prerendered pages follow the catalogue: a lesson made Premium leaves /lesson/<id>, /lessons, / and sitemap.xml within 5 s, and comes back when free again',
  { timeout: config.journeyTimeout },
  async (t) => {
    // The founder: signed up through the API, made admin by the auth service's command.
    const founder = newMember('prerender-founder');
    const signup = await fetch(`${config.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        email: founder.email,
        password: founder.password,
        firstName: 'Fran',
        lastName: 'Founder',
      }),
    });
    assert.equal(signup.status, 201, `sign-up answered ${signup.status}`);
    const cookie = (signup.headers.getSetCookie?.() ?? [])
      .map((c) => c.split(';')[0])
      .filter((c) => c.startsWith('fm.sid'))
      .join('; ');
    assert.ok(cookie, 'sign-up set the session cookie');
    await run('node', ['services/auth/dist/admin-command.js', 'grant', founder.email], {
      cwd: config.root,
      env: { ...process.env, MONGO_URL: config.mongoUrl },
      timeout: 30_000,
    });
    const admin = (path, init = {}) =>
      fetch(`${config.baseUrl}${path}`, {
        ...init,
        headers: { cookie, origin, 'content-type': 'application/json', ...(init.headers ?? {}) },
      });
    const patchLesson = async (id, isFree) => {
      const res = await admin(`/api/admin/lessons/${id}`, { method: 'PATCH', body: JSON.stringify({ isFree }) });
      assert.equal(res.status, 200, `PATCH isFree=${isFree} answered ${res.status}: ${await res.text()}`);
      return Date.now();
    };

    const lessons = await (await admin('/api/admin/lessons')).json();
    const lesson = (Array.isArray(lessons) ? lessons : (lessons.items ?? lessons.lessons ?? [])).find((l) => l.isFree);
    assert.ok(lesson, 'the catalogue has a free lesson');
    const { id, videoUrl } = lesson;
    const pagePath = `/lesson/${id}`;
    const sitemapLoc = `/lesson/${id}</loc>`;

    // Before: the lesson's page is prerendered with its video, and listed everywhere.
    const before = await visitor(pagePath);
    assert.ok(prerendered(before.body) && before.body.includes(videoUrl), `${pagePath} is prerendered with its video`);
    const lessonsBefore = (await visitor('/lessons')).body;
    assert.ok(lessonsBefore.includes(videoUrl) && listedAsFree(lessonsBefore, id), '/lessons lists the free lesson');
    assert.ok((await visitor('/sitemap.xml')).body.includes(sitemapLoc), 'sitemap.xml lists the lesson');

    const timings = {};
    let madePremium = false;
    try {
      const premiumAt = await patchLesson(id, false);
      madePremium = true;
      timings.lessonGone = await within(premiumAt, `${pagePath} withdrawn`, async () => {
        const page = await visitor(pagePath);
        assert.ok(!page.body.includes(videoUrl), `${pagePath} still carries the video`);
        assert.ok(!prerendered(page.body), `${pagePath} is still a prerendered page`);
      });
      for (const path of ['/lessons', '/']) {
        timings[path] = await within(premiumAt, `${path} without the lesson's video`, async () => {
          const page = await visitor(path);
          assert.ok(!page.body.includes(videoUrl), `${path} still carries the video`);
          assert.ok(!listedAsFree(page.body, id), `${path} still lists the lesson as free`);
        });
      }
      timings.sitemapWithout = await within(premiumAt, 'sitemap.xml without the lesson', async () => {
        const sitemap = await visitor('/sitemap.xml');
        assert.ok(!sitemap.body.includes(sitemapLoc), 'sitemap.xml still lists the lesson');
      });

      const freeAt = await patchLesson(id, true);
      madePremium = false;
      timings.lessonBack = await within(freeAt, `${pagePath} prerendered again`, async () => {
        const page = await visitor(pagePath);
        assert.ok(
          prerendered(page.body) && page.body.includes(videoUrl),
          `${pagePath} is not prerendered with its video`,
        );
      });
      for (const path of ['/lessons', '/']) {
        timings[`${path} again`] = await within(freeAt, `${path} with the lesson's video again`, async () => {
          const page = await visitor(path);
          assert.ok(prerendered(page.body) && page.body.includes(videoUrl), `${path} does not carry the video`);
          assert.ok(listedAsFree(page.body, id), `${path} does not list the lesson as free`);
        });
      }
      timings.sitemapWith = await within(freeAt, 'sitemap.xml with the lesson again', async () => {
        assert.ok((await visitor('/sitemap.xml')).body.includes(sitemapLoc), 'sitemap.xml does not list the lesson');
      });
      t.diagnostic(`prerendered pages followed the catalogue (ms after the PATCH): ${JSON.stringify(timings)}`);
    } finally {
      // The lesson is free again for the journeys and suites after this one, whatever failed.
      if (madePremium) await patchLesson(id, true).catch(() => undefined);
    }
  },
);
