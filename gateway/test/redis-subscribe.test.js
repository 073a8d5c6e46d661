'use strict';
// node --test gateway/test/redis-subscribe.test.js
// The prerender watcher's Redis subscriber (frontend/scripts/redis-subscribe.mjs: plain RESP,
// as the gateway image has no node_modules), against the real Redis (REDIS_URL): replies split
// anywhere are parsed whole; a message on the channel arrives; a database in the URL is
// selected; a refused set-up (AUTH) is reported and retried, never a crash.

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { setTimeout: sleep } = require('node:timers/promises');
const { Redis } = require('ioredis');

const repo = path.resolve(__dirname, '..', '..');
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** @type {any} */
let lib;
/** @type {Redis} */
let redis;

before(async () => {
  lib = await import(pathToFileURL(path.join(repo, 'frontend/scripts/redis-subscribe.mjs')).href);
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
});
after(async () => {
  await redis?.quit();
});

async function until(ms, what, check) {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) assert.fail(`${what}: not within ${ms} ms`);
    await sleep(20);
  }
}

test('when a reply arrives in pieces, then it is parsed only once whole', () => {
  const reply = Buffer.from('*3\r\n$7\r\nmessage\r\n$2\r\nch\r\n$14\r\n{"what":"é"}x\r\n');
  for (let cut = 1; cut < reply.length; cut += 1) {
    assert.equal(lib.parseResp(reply.subarray(0, cut)), undefined, `cut at ${cut}`);
  }
  assert.deepEqual(lib.parseResp(reply), [['message', 'ch', '{"what":"é"}x'], reply.length]);
  assert.deepEqual(lib.parseResp(Buffer.from('-ERR nope\r\n')), [{ error: 'ERR nope' }, 11]);
});

test('when a message is published on the channel, then it arrives, also with a database in the URL', async () => {
  const channel = `fmtest-sub-${process.pid}:content:catalogue-changed`;
  const got = [];
  let subscribed = 0;
  const sub = lib.subscribe({
    redisUrl: `${REDIS_URL.replace(/\/\d*$/, '')}/2`,
    channel,
    clientName: 'fmtest:gateway:prerender-watch',
    onSubscribed: () => (subscribed += 1),
    onMessage: (payload) => got.push(payload),
  });
  try {
    await until(5000, 'subscribed', () => subscribed === 1);
    await redis.publish(channel, '{"what":"lesson"}');
    await redis.publish(`${channel}-other`, 'not ours');
    await until(5000, 'the message', () => got.length === 1);
    assert.deepEqual(got, ['{"what":"lesson"}']);
  } finally {
    sub.close();
  }
});

test('when Redis refuses the set-up, then the subscriber says so and tries again', async () => {
  const lines = [];
  const url = new URL(REDIS_URL);
  url.password = 'not-the-password';
  url.username = 'nobody';
  const sub = lib.subscribe({
    redisUrl: url.href,
    channel: 'fmtest-refused',
    onMessage: () => undefined,
    log: (line) => lines.push(line),
  });
  try {
    await until(5000, 'two refusals', () => lines.filter((l) => /refused the connection set-up/.test(l)).length >= 2);
  } finally {
    sub.close();
  }
});
