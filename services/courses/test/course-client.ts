/**
 * Test factories for the courses service: a valid course body and a small client that drives
 * the app through supertest the way the frontend does (session cookie, the site's Origin).
 */
import { TEST_SITE_ORIGIN } from '@fm/shared/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Server } from 'node:http';

export type Callback = Parameters<typeof request>[0];

/** Pebble Beach's real pars (total 72); override any field. */
export function validCourse(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Pebble Beach Golf Links',
    description: 'Cliffs, ocean and small greens.',
    city: 'Pebble Beach',
    state: 'California',
    country: 'USA',
    pars: [4, 5, 4, 4, 3, 5, 3, 4, 4, 4, 4, 3, 4, 5, 4, 4, 3, 5],
    ...overrides,
  };
}

/** A finished round's scorecard as the player sends it (a fresh device-made id); override any field. */
export function validRound(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const finishedAt = new Date(Date.now() - 60_000);
  return {
    id: randomUUID(),
    startedAt: new Date(finishedAt.getTime() - 4 * 3600_000).toISOString(),
    finishedAt: finishedAt.toISOString(),
    holes: [
      { hole: 1, routine: 4, note: 'Breathed before every shot' },
      { hole: 2, routine: 2 },
      { hole: 3, routine: 5, note: null },
    ],
    review: { wentWell: 'My pre-shot routine', workOn: 'Tempo on the greens', word: 'Patient' },
    ...overrides,
  };
}

/** Requests as one member (or as a visitor when `cookie` is undefined). */
export function coursesApi(app: Callback | Server, cookie?: string) {
  const as = <T extends request.Test>(req: T): T => (cookie ? req.set('Cookie', cookie) : req);
  const write = <T extends request.Test>(req: T): T => as(req).set('Origin', TEST_SITE_ORIGIN);
  return {
    list: (query = '') => as(request(app).get(`/api/courses${query}`)),
    listPublic: (query = '') => as(request(app).get(`/api/courses/public${query}`)),
    listFavorites: (query = '') => as(request(app).get(`/api/courses/favorites${query}`)),
    get: (id: string) => as(request(app).get(`/api/courses/${id}`)),
    create: (body: unknown = validCourse()) => write(request(app).post('/api/courses')).send(body as object),
    update: (id: string, body: unknown) => write(request(app).patch(`/api/courses/${id}`)).send(body as object),
    remove: (id: string) => write(request(app).delete(`/api/courses/${id}`)),
    like: (id: string, isLike: unknown) =>
      write(request(app).put(`/api/courses/${id}/like`)).send(isLike === undefined ? {} : { isLike }),
    unlike: (id: string) => write(request(app).delete(`/api/courses/${id}/like`)),
    favorite: (id: string) => write(request(app).put(`/api/courses/${id}/favorite`)),
    unfavorite: (id: string) => write(request(app).delete(`/api/courses/${id}/favorite`)),
    getBag: () => as(request(app).get('/api/courses/bag')),
    putBag: (body: unknown) => write(request(app).put('/api/courses/bag')).send(body as object),
    saveRound: (courseId: string, body: unknown) =>
      write(request(app).post(`/api/courses/${courseId}/rounds`)).send(body as object),
    listRounds: (query = '') => as(request(app).get(`/api/courses/rounds${query}`)),
    getRound: (roundId: string) => as(request(app).get(`/api/courses/rounds/${roundId}`)),
    deleteRound: (roundId: string) => write(request(app).delete(`/api/courses/rounds/${roundId}`)),
    /** GET /api/courses/:id/card.pdf, its body as bytes (`body` is a Buffer, whatever the type). */
    card: (id: string) =>
      as(request(app).get(`/api/courses/${id}/card.pdf`))
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        }),
    /** Creates a course and returns its id (fails the test if the create is refused). */
    async createId(overrides: Record<string, unknown> = {}): Promise<string> {
      const res = await write(request(app).post('/api/courses')).send(validCourse(overrides));
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as string;
    },
  };
}
