import { closeBackground } from '@fm/shared/service';
import { createTestDeps, loggedInMember, popplerReader, type TestDeps } from '@fm/shared/testing';
import { compose } from '../compose';
import { type Config, configSchema } from '../config';
import { type Callback, coursesApi, validCourse, validRound } from '../../test/course-client';

/**
 * The pre-round card (GET /api/courses/:id/card.pdf) through the service, read back with
 * poppler's pdftotext and pdfinfo as a member's PDF viewer would.
 */
let deps: TestDeps<Config>;
let service: ReturnType<typeof compose>;
let app: Callback;
const poppler = popplerReader();

beforeAll(async () => {
  deps = await createTestDeps(configSchema, { COURSES_WRITES_PER_MINUTE: '1000' });
  service = compose(deps);
  app = service.app.callback();
});

afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
  poppler.close();
});

/** A member whose account is a year old: their rounds of the last weeks were played after it. */
const member = async () => {
  const { user, cookie } = await loggedInMember(deps, { createdAt: new Date(Date.now() - 365 * 24 * 3600_000) });
  return { user, api: coursesApi(app, cookie) };
};

const PARS = validCourse().pars as number[];
const DAY = 24 * 3600_000;
/** A round that finished `daysAgo` days ago, scoring `holes`. */
const roundOn = (daysAgo: number, holes: { hole: number; routine: number; note?: string | null }[]) => {
  const finishedAt = new Date(Date.now() - daysAgo * DAY - 60_000);
  return validRound({
    startedAt: new Date(finishedAt.getTime() - 4 * 3600_000).toISOString(),
    finishedAt: finishedAt.toISOString(),
    holes,
  });
};
/** The card's date for a round `daysAgo` days ago ("2 Mar 25"). */
const shortDate = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * DAY - 60_000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });
/** A note of the longest kind a round takes (140 characters), beginning with `start`. */
const longNote = (start: string) =>
  `${start} breathe out before the takeaway, pick the smallest target beyond the bunker edge, commit, hold the finish`
    .padEnd(140, ' and trust it')
    .slice(0, 140);

/** The card's table as text, hole by hole (pdftotext reads it row by row; the header may come late). */
const rowsOf = (text: string) => {
  const table = text
    .slice(text.indexOf('HOLE PAR ROUTINE'), text.indexOf("Today's intention"))
    .replace('YOUR NOTES FROM EARLIER ROUNDS', '');
  return Array.from({ length: 18 }, (_, i) => {
    const start = table.search(new RegExp(`(?<=\\s)${i + 1} ${PARS[i]} `));
    const next = i === 17 ? table.length : table.search(new RegExp(`(?<=\\s)${i + 2} ${PARS[i + 1]} (–|\\d\\.\\d)`));
    return table.slice(start, next).trim();
  });
};

describe('GET /api/courses/:id/card.pdf', () => {
  it('when the owner asks for the card of a course with 18 long notes, then one page holds the 18 holes, their pars and the newest notes first', async () => {
    const { api } = await member();
    const id = await api.createId({ name: 'Pebble Beach Golf Links' });
    const other = await api.createId({ name: 'Cypress Point' });
    // Oldest: hole 1 scored 2 with a note; then every hole with the longest note; a round elsewhere.
    expect((await api.saveRound(id, roundOn(9, [{ hole: 1, routine: 2, note: 'Rushed the tee shot' }]))).status).toBe(
      201,
    );
    const holes = Array.from({ length: 18 }, (_, i) => ({ hole: i + 1, routine: 4, note: longNote(`H${i + 1}:`) }));
    expect((await api.saveRound(id, roundOn(2, holes))).status).toBe(201);
    expect((await api.saveRound(other, roundOn(1, [{ hole: 1, routine: 5, note: 'Another course' }]))).status).toBe(
      201,
    );

    const res = await api.card(id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="pre-round-card-pebble-beach-golf-links.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.body as Buffer;
    expect(poppler.pages(pdf)).toBe(1);
    expect(poppler.pageSize(pdf)).toBe('595.28 x 792');

    const text = poppler.text(pdf);
    expect(text).toContain('Pebble Beach Golf Links');
    expect(text).toContain('Par 72 (out 36, in 36)');
    expect(text).toContain('From your last 2 rounds here');
    expect(text).not.toContain('Another course');
    const rows = rowsOf(text);
    rows.forEach((row, i) => {
      // Hole, par, mean routine, then the newest note (dated, its start at least).
      const routine = i === 0 ? '3.0' : '4.0';
      expect(row.startsWith(`${i + 1} ${PARS[i]} ${routine} ${shortDate(2)} H${i + 1}: breathe out`)).toBe(true);
    });
    // Hole 1's older note follows the newer one.
    expect(rows[0]).toMatch(new RegExp(`H1: breathe out .* ${shortDate(9)} Rushed the tee shot$`));
  });

  it('when the name is as long as allowed and every hole has three notes of the longest kind, then the card is still one page', async () => {
    const { api } = await member();
    const name =
      'The Old Course at the Royal and Ancient Golf Club of St Andrews, Fife, with its Swilcan Bridge and Hell Bunker on 14'
        .padEnd(120, '!')
        .slice(0, 120);
    const id = await api.createId({ name });
    for (const daysAgo of [30, 20, 10]) {
      const holes = Array.from({ length: 18 }, (_, i) => ({
        hole: i + 1,
        routine: 3,
        note: longNote(`D${daysAgo}H${i + 1}:`),
      }));
      expect((await api.saveRound(id, roundOn(daysAgo, holes))).status).toBe(201);
    }
    const pdf = (await api.card(id)).body as Buffer;
    expect(poppler.pages(pdf)).toBe(1);
    const rows = rowsOf(poppler.text(pdf));
    rows.forEach((row, i) =>
      expect(row.startsWith(`${i + 1} ${PARS[i]} 3.0 ${shortDate(10)} D10H${i + 1}: breathe`)).toBe(true),
    );
  });

  it('when a member never played the course, then the card has the holes and pars and says there are no notes yet', async () => {
    const { api } = await member();
    const id = await api.createId({ name: 'Ålesund Golfklubb' });
    const res = await api.card(id);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('inline; filename="pre-round-card-alesund-golfklubb.pdf"');
    const text = poppler.text(res.body as Buffer);
    expect(text).toContain('Ålesund Golfklubb');
    expect(text).toContain('No rounds on this course yet');
    expect(rowsOf(text).map((row) => row.split(' ').slice(0, 3).join(' '))).toEqual(
      PARS.map((par, i) => `${i + 1} ${par} –`),
    );
  });

  it("when another member asks, then a private course is 404 and a public one shows only the asker's own notes", async () => {
    const owner = await member();
    const stranger = await member();
    const privateId = await owner.api.createId();
    const publicId = await owner.api.createId({ name: 'Public Links', isPublic: true });
    await owner.api.saveRound(publicId, roundOn(3, [{ hole: 5, routine: 1, note: 'Owner only note' }]));
    await stranger.api.saveRound(publicId, roundOn(1, [{ hole: 5, routine: 5, note: 'Stranger note' }]));

    expect(await stranger.api.card(privateId)).toMatchObject({ status: 404 });
    const text = poppler.text((await stranger.api.card(publicId)).body as Buffer);
    expect(text).toContain('Stranger note');
    expect(text).not.toContain('Owner only note');
    expect(rowsOf(text)[4]).toMatch(/^5 3 5\.0\b/);
  });

  it('when a visitor, an unknown or a malformed id asks, then 401 or 404 in JSON', async () => {
    const { api } = await member();
    const id = await api.createId();
    const visitor = await coursesApi(app).card(id);
    expect(visitor.status).toBe(401);
    expect(JSON.parse((visitor.body as Buffer).toString())).toMatchObject({ code: 'UNAUTHENTICATED' });
    for (const bad of ['0123456789abcdef01234567', 'nope']) {
      const res = await api.card(bad);
      expect(res.status).toBe(404);
      expect(JSON.parse((res.body as Buffer).toString())).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Course not found',
      });
    }
    await api.remove(id);
    expect((await api.card(id)).status).toBe(404);
  });
});
