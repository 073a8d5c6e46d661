'use strict';
// A tiny service run by the kit's runService (the built kit in ../dist), for server.int.test.ts.
// GET /slow answers only once the test writes a line to stdin; its start and the closing of its
// background part are announced on stdout, beside the kit's JSON log lines.
const readline = require('node:readline');
const Router = require('@koa/router');
const { baseEnvSchema, createApp, runService } = require('../dist');

const released = new Promise((resolve) => readline.createInterface({ input: process.stdin }).once('line', resolve));

void runService({
  name: 'drain-probe',
  configSchema: baseEnvSchema,
  buildApp(deps) {
    const router = new Router();
    router.get('/slow', async (ctx) => {
      process.stdout.write('slow request started\n');
      await released;
      ctx.body = { done: true };
    });
    return createApp(deps, { name: 'drain-probe', routers: [router] });
  },
  start() {
    return [{ close: async () => void process.stdout.write('background closed\n') }];
  },
});
