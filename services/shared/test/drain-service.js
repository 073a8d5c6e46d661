'use strict';
// A tiny service run by the kit's runService (the built kit in ../dist), for server.int.test.ts.
// GET /slow answers only once the test writes a line to stdin; its start, and the start and
// close of its background part, are announced on stdout beside the kit's JSON log lines.
const readline = require('node:readline');
const Router = require('@koa/router');
const { baseEnvSchema, runService, startable } = require('../dist/service');
const { createApp } = require('../dist/http');

const released = new Promise((resolve) => readline.createInterface({ input: process.stdin }).once('line', resolve));

/** The probe's composition root: one route, one background part. */
function compose(deps) {
  const router = new Router();
  router.get('/slow', async (ctx) => {
    process.stdout.write('slow request started\n');
    await released;
    ctx.body = { done: true };
  });
  const worker = startable(() => {
    process.stdout.write('background started\n');
    return { close: async () => void process.stdout.write('background closed\n') };
  });
  return { app: createApp(deps, { name: 'drain-probe', routers: [router] }), background: { worker } };
}

void runService({ name: 'drain-probe', configSchema: baseEnvSchema, compose });
