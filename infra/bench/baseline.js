#!/usr/bin/env node
'use strict';
// The two baselines of `make bench` (infra/bench/run.js starts this, nginx's bench-only
// locations proxy to it):
//   :BENCH_BARE_PORT   a bare Koa answering the same bytes as GET /api/auth/user at /_bench/bare,
//                      and those of another target at /_bench/bare/<name> (BENCH_BODY_DIR/<name>.json)
//   :BENCH_STORE_PORT  a bare Koa doing the store's minimal session read first: one Redis GET
//                      (the member's session key) + one MongoDB findOne by _id (the member)
// Environment: BENCH_BARE_PORT, BENCH_STORE_PORT, BENCH_BODY_FILE (the bytes), BENCH_BODY_DIR,
// BENCH_SESSION_KEY, BENCH_USER_ID, REDIS_URL, MONGO_URL. Prints "ready" when both listen.

const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const Koa = require('koa');
const { Redis } = require('ioredis');
const { MongoClient } = require('mongodb');

const env = process.env;
const body = readFileSync(env.BENCH_BODY_FILE);
/** Path → bytes: /_bench/bare/<name> answers BENCH_BODY_DIR/<name>.json. */
const bodies = new Map(
  (env.BENCH_BODY_DIR ? readdirSync(env.BENCH_BODY_DIR) : [])
    .filter((f) => f.endsWith('.json'))
    .map((f) => [`/_bench/bare/${f.slice(0, -'.json'.length)}`, readFileSync(path.join(env.BENCH_BODY_DIR, f))]),
);

function app(handler) {
  const koa = new Koa();
  koa.use(async (ctx) => {
    await handler(ctx);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = bodies.get(ctx.path) ?? body;
  });
  return koa;
}

async function main() {
  const redis = new Redis(env.REDIS_URL);
  const mongo = await MongoClient.connect(env.MONGO_URL);
  const users = mongo.db().collection('users');
  const listen = (koa, port) =>
    new Promise((resolve, reject) => {
      const server = koa.listen(Number(port), '127.0.0.1', () => resolve(server));
      server.once('error', reject);
    });
  await listen(
    app(() => undefined),
    env.BENCH_BARE_PORT,
  );
  await listen(
    app(async (ctx) => {
      const session = await redis.get(env.BENCH_SESSION_KEY);
      const user = await users.findOne({ _id: env.BENCH_USER_ID });
      if (!session || !user) ctx.throw(500, 'bench member missing');
    }),
    env.BENCH_STORE_PORT,
  );
  process.stdout.write('ready\n');
  const stop = async () => {
    redis.disconnect();
    await mongo.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  process.stderr.write(`baseline: ${err && err.stack ? err.stack : err}\n`);
  process.exit(1);
});
