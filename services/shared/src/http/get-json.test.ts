import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { getJson, postJson } from './get-json';

const DIST = path.join(__dirname, '../../dist/http/get-json.js');

let server: http.Server;
let base: string;
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    if (req.url === '/lessons') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify([{ id: 'a', title: 'Ünïcode ✓' }]));
    } else if (req.url === '/echo' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => res.end(JSON.stringify({ got: JSON.parse(Buffer.concat(chunks).toString('utf8')) })));
    } else if (req.url === '/moved') {
      res.writeHead(302, { location: '/lessons' }).end();
    } else if (req.url === '/html') {
      res.end('<html>oops</html>');
    } else if (req.url === '/cut') {
      res.writeHead(503, { 'content-length': '1000' }).write('{"error":');
      setTimeout(() => res.destroy(), 50);
    } else if (req.url === '/slow') {
      setTimeout(() => res.end('{}'), 2_000);
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('getJson', () => {
  it('when the service answers 200, then its JSON comes back parsed, and the headers given were sent', async () => {
    await expect(getJson(`${base}/lessons`, { headers: { cookie: 'fm.sid=1' }, timeoutMs: 1_000 })).resolves.toEqual({
      status: 200,
      body: [{ id: 'a', title: 'Ünïcode ✓' }],
    });
    expect(seen.at(-1)).toMatchObject({ cookie: 'fm.sid=1', accept: 'application/json' });
  });

  it('when the service answers another status, then that status comes back without a body, and no redirect is followed', async () => {
    await expect(getJson(`${base}/nothing`, { timeoutMs: 1_000 })).resolves.toEqual({ status: 404, body: undefined });
    await expect(getJson(`${base}/moved`, { timeoutMs: 1_000 })).resolves.toEqual({ status: 302, body: undefined });
  });

  it('when the answer is not JSON or is cut off, the service is slow or nobody listens, then it rejects', async () => {
    await expect(getJson(`${base}/html`, { timeoutMs: 1_000 })).rejects.toThrow(SyntaxError);
    await expect(getJson(`${base}/cut`, { timeoutMs: 1_000 })).rejects.toThrow();
    const started = Date.now();
    await expect(getJson(`${base}/slow`, { timeoutMs: 200 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_500);
    await expect(getJson('http://127.0.0.1:1/', { timeoutMs: 1_000 })).rejects.toThrow();
  });

  it('when a service has asked another, then it has not loaded undici (fetch does)', async () => {
    // Not execFileSync: the server answering the child runs in this process.
    const undiciAfter = async (call: string) =>
      (
        await promisify(execFile)(
          process.execPath,
          [
            '-e',
            `${call}.then(() => process.stdout.write(String(process.moduleLoadList.some((m) => m.includes('undici')))))`,
          ],
          { encoding: 'utf8', timeout: 10_000 },
        )
      ).stdout;
    expect(await undiciAfter(`fetch(${JSON.stringify(`${base}/lessons`)}).then((r) => r.json())`)).toBe('true');
    expect(
      await undiciAfter(
        `require(${JSON.stringify(DIST)}).getJson(${JSON.stringify(`${base}/lessons`)}, { timeoutMs: 1000 })`,
      ),
    ).toBe('false');
  });
});

describe('postJson', () => {
  it('when a body is posted, then it arrives as JSON with its length and the answer comes back parsed', async () => {
    const body = { memberIds: ['a', 'ü'] };
    await expect(postJson(`${base}/echo`, body, { timeoutMs: 1_000 })).resolves.toEqual({
      status: 200,
      body: { got: body },
    });
    expect(seen.at(-1)).toMatchObject({ 'content-type': 'application/json', 'content-length': '24' });
  });
});
