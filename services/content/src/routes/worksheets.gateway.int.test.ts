/**
 * The Premium worksheets behind the real nginx gateway (config rendered from gateway/ as the
 * launcher does) with the real content service: the list, the PDF download under
 * /media/worksheets/ (the gateway's Premium check, then the file), and the founder's edit, which
 * makes a new PDF. The PDFs are read with Debian's pdftotext (poppler-utils, which the launcher
 * installs).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminWorksheetSchema, memberWorksheetSchema } from '@fm/contracts';
import { AuditLog } from '@fm/shared/http';
import { closeBackground, type Composed } from '@fm/shared/service';
import {
  createTestDeps,
  eventually,
  loggedInAdmin,
  loggedInMember,
  popplerReader,
  TEST_SITE_ORIGIN,
  type TestDeps,
} from '@fm/shared/testing';
import { contentEnv } from '../../test/content-env';
import { SECTIONS } from '../catalogue/sections';
import { WORKSHEETS } from '../catalogue/worksheets';
import { compose } from '../compose';
import { configSchema, type Config } from '../config';
import { seedCatalogue } from '../seed';
import { worksheetFiles } from '../seed-worksheets';
import { startGateway } from '../../../../gateway/testing/start-gateway';

const MAX_BYTES = 200 * 1024;

let deps: TestDeps<Config>;
let service: Composed;
let contentServer: Server;
let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
let base: string;
let free: string;
let premium: string;
let founder: { user: { id: string }; cookie: string };

const poppler = popplerReader();
const pdfText = poppler.text;
const pdfPageSize = poppler.pageSize;

const get = (url: string, cookie?: string) => fetch(`${base}${url}`, { headers: cookie ? { Cookie: cookie } : {} });
const download = async (slug: string, cookie: string) => {
  const res = await get(`/media/worksheets/${slug}.pdf`, cookie);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};
const patch = (slug: string, cookie: string, body: unknown) =>
  fetch(`${base}/api/admin/worksheets/${slug}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Origin: TEST_SITE_ORIGIN, Cookie: cookie },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  deps = await createTestDeps(configSchema, contentEnv());
  await seedCatalogue(deps.mongo);
  await worksheetFiles(deps.mongo, deps.config.PRODUCT_NAME);
  service = compose(deps);
  contentServer = service.app.listen(0, '127.0.0.1');
  const contentPort = await new Promise<number>((resolve) =>
    contentServer.once('listening', () => resolve((contentServer.address() as AddressInfo).port)),
  );
  const tmp = mkdtempSync(path.join(tmpdir(), 'fm-worksheets-gw-'));
  const dist = path.join(tmp, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  gateway = await startGateway({ dir: tmp, ports: { content: contentPort }, root: dist, media: tmp });
  base = gateway.base;
  await eventually(async () => (await fetch(`${base}/api/member/worksheets`)).status === 401, 10_000, 50);

  free = (await loggedInMember(deps, { membershipLevel: 'free' })).cookie;
  premium = (await loggedInMember(deps, { membershipLevel: 'premium' })).cookie;
  founder = await loggedInAdmin(deps);
}, 180_000);

afterAll(async () => {
  await gateway?.stop();
  await new Promise((resolve) => contentServer?.close(resolve));
  if (service) await closeBackground(service.background);
  await deps?.close();
  poppler.close();
});

describe('worksheets through the nginx gateway', () => {
  it('when the list is asked for, then a Premium member gets a worksheet for every section; a visitor 401, a free member 403', async () => {
    expect((await get('/api/member/worksheets')).status).toBe(401);
    expect((await get('/api/member/worksheets', free)).status).toBe(403);
    const res = await get('/api/member/worksheets', premium);
    expect(res.status).toBe(200);
    const list = memberWorksheetSchema.array().parse(await res.json());
    expect(list).toHaveLength(WORKSHEETS.length);
    // Every programme section has one, in the programme's order.
    expect([...new Set(list.map((w) => w.sectionSlug))]).toEqual(SECTIONS.map((s) => s.slug));
    for (const w of list) {
      expect(w.url).toBe(`/media/worksheets/${w.slug}.pdf`);
      expect(w.bytes).toBeGreaterThan(1000);
      expect(w.bytes).toBeLessThan(MAX_BYTES);
    }
  });

  it('when a worksheet is downloaded, then a visitor gets 401, a free member 403 and a Premium member a PDF that pdftotext reads', async () => {
    const ws = WORKSHEETS.find((w) => w.sectionSlug === 'sos-drills')!;
    const url = `/media/worksheets/${ws.slug}.pdf`;
    const visitor = await get(url);
    expect(visitor.status).toBe(401);
    const freeAnswer = await get(url, free);
    expect(freeAnswer.status).toBe(403);
    expect(freeAnswer.headers.get('content-type')).not.toBe('application/pdf');

    const res = await get(url, premium);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${ws.slug}.pdf"`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(MAX_BYTES);
    const text = pdfText(pdf);
    expect(text).toContain(ws.title);
    expect(text).toContain('Breathe: box breathing, four counts in, hold four, out four, hold four.');
    expect(text).toContain(deps.config.PRODUCT_NAME);
    // A4's width and Letter's height: inside both sheets.
    expect(pdfPageSize(pdf)).toBe('595.28 x 792');
  });

  it('when every worksheet is downloaded, then each is a readable PDF under 200 KB with its own title', async () => {
    for (const ws of WORKSHEETS) {
      const pdf = await download(ws.slug, premium);
      expect(pdf.length).toBeLessThan(MAX_BYTES);
      expect(pdfText(pdf)).toContain(ws.title.replace(/\s+/g, ' '));
    }
  });

  it('when a worksheet that does not exist is asked for, then the answer is 404', async () => {
    expect((await get('/media/worksheets/no-such-sheet.pdf', premium)).status).toBe(404);
    expect((await get('/media/worksheets/no-such-sheet.txt', premium)).status).toBe(404);
  });

  it('when the founder edits a worksheet, then the next download reads the new text, the edit is audited and the seed keeps it', async () => {
    const ws = WORKSHEETS.find((w) => w.sectionSlug === 'putting-mindset')!;
    const before = pdfText(await download(ws.slug, premium));
    expect(before).toContain('Pressure Putt Tracker');

    const edited = await patch(ws.slug, founder.cookie, {
      title: 'Pressure Putt Tracker (Winter Edition)',
      body: '## Indoor putting\n- [ ] Twenty putts on the carpet to a coin.\n? How many did I hole in a row?',
    });
    expect(edited.status).toBe(200);
    const view = adminWorksheetSchema.parse(await edited.json());
    expect(view).toMatchObject({ slug: ws.slug, managedBy: 'admin', title: 'Pressure Putt Tracker (Winter Edition)' });

    const after = pdfText(await download(ws.slug, premium));
    expect(after).toContain('Pressure Putt Tracker (Winter Edition)');
    expect(after).toContain('Twenty putts on the carpet to a coin.');
    expect(after).not.toContain('The three-foot ladder');
    const listed = memberWorksheetSchema
      .array()
      .parse(await (await get('/api/member/worksheets', premium)).json())
      .find((w) => w.slug === ws.slug)!;
    expect(listed.title).toBe('Pressure Putt Tracker (Winter Edition)');
    expect(listed.bytes).toBeLessThan(MAX_BYTES);

    const audit = await new AuditLog(deps.mongo).list({ page: 1, pageSize: 10 }, { targetId: ws.slug });
    expect(audit.items[0]).toMatchObject({
      action: 'worksheet.update',
      targetType: 'worksheet',
      actorId: founder.user.id,
    });

    // The seed runs on every start: the founder's text stays.
    await seedCatalogue(deps.mongo);
    expect(await worksheetFiles(deps.mongo, deps.config.PRODUCT_NAME)).toEqual([]);
    expect(pdfText(await download(ws.slug, premium))).toContain('Twenty putts on the carpet to a coin.');
  });

  it('when someone other than the founder edits, or the edit is empty, then it is refused and the PDF is unchanged', async () => {
    const ws = WORKSHEETS.find((w) => w.sectionSlug === 'journaling')!;
    expect((await patch(ws.slug, premium, { title: 'Mine now' })).status).toBe(403);
    const anonymous = await fetch(`${base}/api/admin/worksheets/${ws.slug}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Origin: TEST_SITE_ORIGIN },
      body: JSON.stringify({ title: 'Mine now' }),
    });
    expect(anonymous.status).toBe(401);
    const empty = await patch(ws.slug, founder.cookie, {});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/title or body/),
    });
    const blank = await patch(ws.slug, founder.cookie, { body: '   ' });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(await blank.json())).toContain('body cannot be empty');
    expect((await patch('no-such-sheet', founder.cookie, { title: 'x' })).status).toBe(404);
    expect(pdfText(await download(ws.slug, premium))).toContain(ws.title);
  });
});
