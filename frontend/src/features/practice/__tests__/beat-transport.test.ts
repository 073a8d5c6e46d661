import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { createBeatTransport, retryAfterMs } from '@/features/practice/lib/beat-transport';
import type { Heartbeat } from '@/features/practice/types';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { waitFor } from '@/testing/test-utils';
import { blobText } from '@/testing/blob-text';

const beat = (seq: number): Heartbeat => ({
  itemId: 'item-1',
  itemKind: 'content',
  sessionId: 'session-aaaa',
  seq,
  positionSec: seq * 15,
  playedSec: seq * 15,
});

afterEach(() => vi.unstubAllGlobals());

describe('beat transport', () => {
  it('POSTs each beat as JSON, and tells the page once a final beat is answered', async () => {
    const received: unknown[] = [];
    server.use(
      http.post(apiUrl('practice/heartbeats'), async ({ request }) => {
        received.push(await request.json());
        return HttpResponse.json({ creditedSec: 15 });
      }),
    );
    const onSettled = vi.fn();
    const transport = createBeatTransport({ onSettled });
    transport.send(beat(0));
    transport.send(beat(1), { final: true });
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1));
    expect(received).toEqual([beat(0), beat(1)]);
  });

  it('offline: never throws; the beat is sent again with the next one (the server counts a seq once)', async () => {
    let online = false;
    const received: number[] = [];
    server.use(
      http.post(apiUrl('practice/heartbeats'), async ({ request }) => {
        if (!online) return HttpResponse.error();
        received.push(((await request.json()) as Heartbeat).seq);
        return HttpResponse.json({ creditedSec: 15 });
      }),
    );
    const transport = createBeatTransport();
    expect(() => transport.send(beat(1))).not.toThrow();
    await new Promise((r) => setTimeout(r, 50));
    online = true;
    transport.send(beat(2));
    await waitFor(() => expect(received).toEqual([1, 2]));
  });

  it('an error answer (401 after logging out) is dropped quietly', async () => {
    let calls = 0;
    server.use(
      http.post(apiUrl('practice/heartbeats'), () => {
        calls += 1;
        return HttpResponse.json({ message: 'Not logged in' }, { status: 401 });
      }),
    );
    const transport = createBeatTransport();
    transport.send(beat(0));
    await waitFor(() => expect(calls).toBe(1));
    transport.send(beat(1));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('429 (too many beats): nothing is sent until Retry-After has passed, then the refused beat goes again, then the next', async () => {
    const received: Array<{ seq?: number; at: number }> = [];
    server.use(
      http.post(apiUrl('practice/heartbeats'), async ({ request }) => {
        received.push({ seq: ((await request.json()) as Heartbeat).seq, at: Date.now() });
        return received.length === 1
          ? HttpResponse.json({ code: 'RATE_LIMITED' }, { status: 429, headers: { 'Retry-After': '1' } })
          : HttpResponse.json({ creditedSec: 15 });
      }),
    );
    const onSettled = vi.fn();
    const transport = createBeatTransport({ onSettled });
    transport.send(beat(0));
    await waitFor(() => expect(received).toHaveLength(1));
    transport.send(beat(1), { final: true });
    await new Promise((r) => setTimeout(r, 500));
    expect(received).toHaveLength(1); // waiting: the next beat did not go either
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(received.map((r) => r.seq)).toEqual([0, 0, 1]);
    expect(received[1]!.at - received[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('retryAfterMs: seconds or an HTTP date, at least 1 s and at most an hour; 15 s when unreadable', () => {
    const now = Date.parse('2026-03-02T12:00:00Z');
    const answer = (value?: string) =>
      new Response(null, { status: 429, headers: value === undefined ? {} : { 'Retry-After': value } });
    expect(retryAfterMs(answer('7'), now)).toBe(7000);
    expect(retryAfterMs(answer('Mon, 02 Mar 2026 12:00:30 GMT'), now)).toBe(30_000);
    expect(retryAfterMs(answer('0'), now)).toBe(1000);
    expect(retryAfterMs(answer('999999'), now)).toBe(3_600_000);
    expect(retryAfterMs(answer('soon'), now)).toBe(15_000);
    expect(retryAfterMs(answer(), now)).toBe(15_000);
  });

  it('a hidden page sends with navigator.sendBeacon: JSON in an application/json Blob', async () => {
    const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    const transport = createBeatTransport();
    transport.beacon(beat(3));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(new URL(url).pathname).toBe('/api/practice/heartbeats');
    expect(body).toBeInstanceOf(Blob);
    expect((body as Blob).type).toBe('application/json');
    const text = await blobText(body as Blob);
    expect(JSON.parse(text)).toEqual(beat(3));
  });
});
