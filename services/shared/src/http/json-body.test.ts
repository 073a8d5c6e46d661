import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Koa from 'koa';
import { serializeJsonBodies } from './json-body';

const DIST = path.join(__dirname, '../../dist/http/json-body.js');

/** Answers one GET with `answer`, the way a route sets it, and returns what the client got. */
async function answerWith(answer: (ctx: Koa.Context) => void) {
  const app = new Koa();
  serializeJsonBodies(app);
  app.use((ctx) => answer(ctx));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const bytes = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      length: res.headers.get('content-length'),
      bytes,
    };
  } finally {
    server.close();
  }
}

/** Whether a fresh Node that answered one JSON GET with Koa (and `withKit`) has loaded undici. */
function undiciLoadedAfterAnswering(withKit: boolean): boolean {
  const script = `
    const http = require('node:http');
    const Koa = require('koa');
    const app = new Koa();
    if (${withKit}) require(${JSON.stringify(DIST)}).serializeJsonBodies(app);
    app.use((ctx) => { ctx.body = { lessons: [{ id: 'a', title: 'Ünïcode ✓' }] }; });
    const server = app.listen(0, '127.0.0.1', () => {
      http.get({ port: server.address().port, host: '127.0.0.1' }, (res) => {
        res.resume();
        res.on('end', () => {
          process.stdout.write(String(process.moduleLoadList.some((m) => m.includes('undici'))));
          server.close();
        });
      });
    });`;
  return execFileSync(process.execPath, ['-e', script], { cwd: __dirname, encoding: 'utf8' }) === 'true';
}

describe('serializeJsonBodies', () => {
  it('when a route answers a plain object or an array, then the client gets its JSON, typed and sized as Koa types it', async () => {
    const body = { title: 'Ünïcode ✓', items: [1, 2], none: null };
    const object = await answerWith((ctx) => {
      ctx.body = body;
    });
    expect(object.status).toBe(200);
    expect(object.type).toBe('application/json; charset=utf-8');
    expect(object.bytes.toString('utf8')).toBe(JSON.stringify(body));
    expect(Number(object.length)).toBe(object.bytes.length);

    const array = await answerWith((ctx) => {
      ctx.status = 201;
      ctx.body = [{ id: 'x' }];
    });
    expect([array.status, array.type, array.bytes.toString('utf8')]).toEqual([
      201,
      'application/json; charset=utf-8',
      '[{"id":"x"}]',
    ]);

    // A store document or a Date: written as its toJSON says, not as its own fields.
    const withToJson = await answerWith((ctx) => {
      ctx.body = Object.assign(Object.create({ toJSON: () => ({ id: 'doc' }) }) as object, { secret: 'not written' });
    });
    expect([withToJson.type, withToJson.bytes.toString('utf8')]).toEqual([
      'application/json; charset=utf-8',
      '{"id":"doc"}',
    ]);
  });

  it('when a route chose a JSON type of its own, then it is kept; a non-JSON type becomes JSON, as Koa does', async () => {
    const problem = await answerWith((ctx) => {
      ctx.type = 'application/problem+json';
      ctx.body = { error: 'x' };
    });
    expect(problem.type).toBe('application/problem+json');
    const text = await answerWith((ctx) => {
      ctx.type = 'text/plain';
      ctx.body = { error: 'x' };
    });
    expect(text.type).toBe('application/json; charset=utf-8');
  });

  it('when a route answers a string, a Buffer or nothing, then Koa answers it as before', async () => {
    const html = await answerWith((ctx) => {
      ctx.body = '<p>hi</p>';
    });
    expect([html.type, html.bytes.toString()]).toEqual(['text/html; charset=utf-8', '<p>hi</p>']);
    const bytes = await answerWith((ctx) => {
      ctx.body = Buffer.from([1, 2, 3]);
    });
    expect([bytes.type, [...bytes.bytes]]).toEqual(['application/octet-stream', [1, 2, 3]]);
    const none = await answerWith((ctx) => {
      ctx.body = null;
    });
    expect(none.status).toBe(204);
  });

  it('when a service has answered JSON, then it has not loaded undici (Koa alone does)', () => {
    expect(undiciLoadedAfterAnswering(false)).toBe(true);
    expect(undiciLoadedAfterAnswering(true)).toBe(false);
  });
});
