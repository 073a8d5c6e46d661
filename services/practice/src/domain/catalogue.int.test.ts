import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PracticeCatalogue } from '@fm/contracts';
import { ServiceUnavailableError } from '@fm/shared/http';
import { verifyServiceToken, type Viewer } from '@fm/shared/auth';
import { Catalogue } from './catalogue';

/**
 * Practice asks content for the catalogue of a level with a service token, never with a member's
 * cookie, and takes only an answer the contract accepts (@fm/contracts practice-catalogue.ts).
 * Content here is a stub server that records what it was asked and answers what a test says.
 */
const SECRET = 'catalogue-test-secret-long-enough-for-hs256';
const asked: { url: string; headers: IncomingHttpHeaders }[] = [];
let answer: (level: string) => unknown;
let server: Server;
let contentUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push({ url: req.url ?? '', headers: req.headers });
    const level = new URL(req.url ?? '/', 'http://content').searchParams.get('level') ?? '';
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer(level)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  contentUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const catalogueOf = (level: string): PracticeCatalogue => ({
  level: level as PracticeCatalogue['level'],
  items: [
    {
      itemKind: 'lecture',
      itemId: 'lecture-1',
      sectionId: 'lectures',
      title: 'The first lecture',
      contentType: 'video',
      lengthSec: 600,
      open: true,
      hasPage: true,
    },
  ],
});

const catalogue = () => new Catalogue({ contentUrl, jwtSecret: SECRET, timeoutMs: 2_000, ttlMs: 60_000 });
const viewer = (membershipLevel: 'free' | 'premium') => ({ id: 'member-1', membershipLevel }) as Viewer;

describe('the catalogue, asked of content', () => {
  it("when a member practises, then content is asked for the member's level with a service token and no cookie, and lengths are numbers", async () => {
    answer = catalogueOf;
    asked.length = 0;
    const items = await catalogue().itemsFor(viewer('free'));
    expect(items.get(Catalogue.key('lecture', 'lecture-1'))).toMatchObject({ durationSec: 600, open: true });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url).toBe('/internal/practice-catalogue?level=free');
    expect(asked[0]!.headers.cookie).toBeUndefined();
    const token = /^Bearer (\S+)$/.exec(asked[0]!.headers.authorization ?? '')?.[1];
    expect(verifyServiceToken(SECRET, 'content', token!)).toMatchObject({ userId: 'catalogue:free' });
  });

  it('when content answers outside the contract (a length as text) or for another level, then 503 and nothing kept', async () => {
    const fresh = catalogue();
    answer = (level) => ({
      ...catalogueOf(level),
      items: [{ ...catalogueOf('free').items[0], lengthSec: '10 min' }],
    });
    await expect(fresh.itemsFor(viewer('premium'))).rejects.toBeInstanceOf(ServiceUnavailableError);
    answer = () => catalogueOf('free');
    await expect(fresh.itemsFor(viewer('premium'))).rejects.toBeInstanceOf(ServiceUnavailableError);
    answer = catalogueOf;
    expect((await fresh.itemsFor(viewer('premium'))).size).toBe(1);
  });
});
