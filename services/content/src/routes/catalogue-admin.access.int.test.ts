/**
 * The access matrix of content's admin routes: every route × visitor (401), free member (403),
 * Premium member (403), admin (2xx), writes included. A refused write changes nothing.
 */
import { AuditLog } from '@fm/shared/http';
import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, loggedInAdmin, loggedInMember, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
import request from 'supertest';
import { contentEnv } from '../../test/content-env';
import { compose } from '../compose';
import { configSchema, type Config } from '../config';
import { seedCatalogue } from '../seed';

let deps: TestDeps<Config>;
let service: Composed;
let server: ReturnType<typeof service.app.callback>;
const cookies: Record<'free' | 'premium' | 'admin', string> = { free: '', premium: '', admin: '' };

beforeAll(async () => {
  deps = await createTestDeps(configSchema, contentEnv());
  await seedCatalogue(deps.mongo);
  service = compose(deps);
  server = service.app.callback();
  cookies.free = (await loggedInMember(deps, { membershipLevel: 'free' })).cookie;
  cookies.premium = (await loggedInMember(deps, { membershipLevel: 'premium' })).cookie;
  cookies.admin = (await loggedInAdmin(deps)).cookie;
});
afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

let counter = 0;
const unique = (label: string) => `${label} ${++counter}-${Math.random().toString(36).slice(2, 7)}`;

/** Creates a record through the admin API (as the admin) and answers its id. */
async function created(path: string, body: object): Promise<string> {
  const res = await request(server).post(path).set('Cookie', cookies.admin).set('Origin', TEST_SITE_ORIGIN).send(body);
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const lessonBody = () => ({
  title: unique('Matrix lesson'),
  description: 'x',
  videoUrl: 'https://vimeo.com/1',
  videoType: 'vimeo',
  duration: '5 min',
  isFree: false,
  category: 'other',
});
const itemBody = () => ({ title: unique('Matrix item'), contentType: 'text', textContent: 'Hello' });
const testimonialBody = () => ({ name: unique('Matrix'), location: 'Troon', quote: 'Great.' });
const tierBody = () => ({ name: unique('Tier'), price: 'Ask us' });
const items = '/api/admin/sections/daily-drills/content';
const worksheet = 'sos-drills-reset-card';
const firstLecture = async () => String((await deps.mongo.db!.collection('lectures').findOne({ number: 3 }))!._id);

interface Route {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** The path to call; may create the record it names (as the admin). */
  path: () => Promise<string>;
  body?: () => object;
  status: number;
}

const routes: [string, Route][] = [
  ['GET /api/admin/lessons', { method: 'get', path: async () => '/api/admin/lessons', status: 200 }],
  [
    'POST /api/admin/lessons',
    { method: 'post', path: async () => '/api/admin/lessons', body: lessonBody, status: 201 },
  ],
  [
    'PATCH /api/admin/lessons/:id',
    {
      method: 'patch',
      path: async () => `/api/admin/lessons/${await created('/api/admin/lessons', lessonBody())}`,
      body: () => ({ duration: '6 min' }),
      status: 200,
    },
  ],
  [
    'DELETE /api/admin/lessons/:id',
    {
      method: 'delete',
      path: async () => `/api/admin/lessons/${await created('/api/admin/lessons', lessonBody())}`,
      status: 204,
    },
  ],
  ['GET /api/admin/lectures', { method: 'get', path: async () => '/api/admin/lectures', status: 200 }],
  [
    'PATCH /api/admin/lectures/:id',
    {
      method: 'patch',
      path: async () => `/api/admin/lectures/${await firstLecture()}`,
      body: () => ({ duration: '25 min' }),
      status: 200,
    },
  ],
  ['GET /api/admin/sections/:slug/content', { method: 'get', path: async () => items, status: 200 }],
  ['POST /api/admin/sections/:slug/content', { method: 'post', path: async () => items, body: itemBody, status: 201 }],
  [
    'PATCH /api/admin/sections/:slug/content/:itemId',
    {
      method: 'patch',
      path: async () => `${items}/${await created(items, itemBody())}`,
      body: () => ({ textContent: 'Changed' }),
      status: 200,
    },
  ],
  [
    'DELETE /api/admin/sections/:slug/content/:itemId',
    { method: 'delete', path: async () => `${items}/${await created(items, itemBody())}`, status: 204 },
  ],
  ['GET /api/admin/testimonials', { method: 'get', path: async () => '/api/admin/testimonials', status: 200 }],
  [
    'POST /api/admin/testimonials',
    { method: 'post', path: async () => '/api/admin/testimonials', body: testimonialBody, status: 201 },
  ],
  [
    'PATCH /api/admin/testimonials/:id',
    {
      method: 'patch',
      path: async () => `/api/admin/testimonials/${await created('/api/admin/testimonials', testimonialBody())}`,
      body: () => ({ quote: 'Changed.' }),
      status: 200,
    },
  ],
  [
    'DELETE /api/admin/testimonials/:id',
    {
      method: 'delete',
      path: async () => `/api/admin/testimonials/${await created('/api/admin/testimonials', testimonialBody())}`,
      status: 204,
    },
  ],
  ['GET /api/admin/tiers', { method: 'get', path: async () => '/api/admin/tiers', status: 200 }],
  ['POST /api/admin/tiers', { method: 'post', path: async () => '/api/admin/tiers', body: tierBody, status: 201 }],
  [
    'PATCH /api/admin/tiers/:id',
    {
      method: 'patch',
      path: async () => `/api/admin/tiers/${await created('/api/admin/tiers', tierBody())}`,
      body: () => ({ features: ['Changed'] }),
      status: 200,
    },
  ],
  [
    'DELETE /api/admin/tiers/:id',
    {
      method: 'delete',
      path: async () => `/api/admin/tiers/${await created('/api/admin/tiers', tierBody())}`,
      status: 204,
    },
  ],
  ['GET /api/admin/worksheets', { method: 'get', path: async () => '/api/admin/worksheets', status: 200 }],
  [
    'GET /api/admin/worksheets/:slug',
    { method: 'get', path: async () => `/api/admin/worksheets/${worksheet}`, status: 200 },
  ],
  [
    'PATCH /api/admin/worksheets/:slug',
    {
      method: 'patch',
      path: async () => `/api/admin/worksheets/${worksheet}`,
      body: () => ({ title: unique('Reset card') }),
      status: 200,
    },
  ],
];

async function call(route: Route, cookie?: string) {
  const path = await route.path();
  let req = request(server)[route.method](path);
  if (cookie) req = req.set('Cookie', cookie);
  if (route.method !== 'get') req = req.set('Origin', TEST_SITE_ORIGIN);
  return route.body ? req.send(route.body()) : req;
}

const auditTotal = async () => (await new AuditLog(deps.mongo).list({ page: 1, pageSize: 1 })).total;

describe.each(routes)('%s', (_name, route) => {
  it('when a visitor calls it, then 401 and nothing changes', async () => {
    const path = await route.path();
    const before = await auditTotal();
    let req = request(server)[route.method](path);
    if (route.method !== 'get') req = req.set('Origin', TEST_SITE_ORIGIN);
    const res = await (route.body ? req.send(route.body()) : req);
    expect(res).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(await auditTotal()).toBe(before);
  });

  it.each(['free', 'premium'] as const)(
    'when a %s member calls it, then 403 ADMIN_REQUIRED and nothing changes',
    async (who) => {
      const path = await route.path();
      const before = await auditTotal();
      let req = request(server)[route.method](path).set('Cookie', cookies[who]);
      if (route.method !== 'get') req = req.set('Origin', TEST_SITE_ORIGIN);
      const res = await (route.body ? req.send(route.body()) : req);
      expect(res).toMatchObject({ status: 403, body: { code: 'ADMIN_REQUIRED' } });
      expect(await auditTotal()).toBe(before);
    },
  );

  it(`when the admin calls it, then ${route.status}${route.method === 'get' ? '' : ' and the write is audited'}`, async () => {
    const res = await call(route, cookies.admin);
    expect(res.status).toBe(route.status);
    if (route.method !== 'get') {
      const [last] = (await new AuditLog(deps.mongo).list({ page: 1, pageSize: 1 })).items;
      const verb = { post: 'create', patch: 'update', delete: 'delete' }[route.method];
      expect(last!.action).toMatch(new RegExp(`\\.${verb}$`));
    }
  });
});
