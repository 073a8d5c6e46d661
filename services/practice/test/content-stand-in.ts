import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp, isPremium, requirePremium, requireUser, type ServiceDeps, NotFoundError } from '@fm/shared';
import Router from '@koa/router';

/**
 * Content's catalogue API as practice reads it (docs/API.md "content": the same routes, shapes
 * and access rules), on the kit's own app, so the member's real session decides what they may
 * open: `GET /api/lessons` (locked for non-Premium), `GET /api/member/lectures` (1 open to every
 * member), `GET /api/member/sections` and `/content/:sectionId` (Premium only; 401/403).
 * A small fixed catalogue, so the tests can name items and durations.
 */
export const SECTIONS = [
  { id: 's-breath', name: 'Breathing', slug: 'breathing', description: null, order: 1, hasPage: true },
  { id: 's-focus', name: 'Focus', slug: 'focus', description: null, order: 2, hasPage: true },
  { id: 's-journal', name: 'Journal', slug: 'journal', description: null, order: 3, hasPage: true },
  // In the catalogue, but the member area has no page for it: its items open nowhere.
  { id: 's-nopage', name: 'No page', slug: 'no-page', description: null, order: 4, hasPage: false },
];

const item = (
  id: string,
  sectionId: string,
  contentType: 'audio' | 'video' | 'text',
  duration: string | null,
  order: number,
) => ({
  id,
  sectionId,
  title: `Item ${id}`,
  description: null,
  contentType,
  videoUrl: null,
  videoType: null,
  audioUrl: contentType === 'audio' ? `/media/${id}.mp3` : null,
  textContent: contentType === 'text' ? 'Read me' : null,
  duration,
  order,
  createdAt: new Date(0).toISOString(),
});

export const CONTENT = {
  's-breath': [item('breath-1', 's-breath', 'audio', '2 min', 1), item('breath-2', 's-breath', 'audio', '4 min', 2)],
  's-focus': [item('focus-1', 's-focus', 'audio', '3:00', 1), item('focus-2', 's-focus', 'audio', '5 min', 2)],
  's-journal': [item('journal-1', 's-journal', 'text', '3 min', 1), item('journal-2', 's-journal', 'text', null, 2)],
  's-nopage': [1, 2, 3, 4].map((n) => item(`nopage-${n}`, 's-nopage', 'audio', '1 min', n)),
} as Record<string, ReturnType<typeof item>[]>;

const LESSONS = [
  { id: 'lesson-free', title: 'Free lesson', duration: '6 min', isFree: true },
  { id: 'lesson-premium', title: 'Premium lesson', duration: '8 min', isFree: false },
];
const LECTURES = [
  { id: 'lecture-1', number: 1, title: 'Lecture 1', duration: '5 min' },
  { id: 'lecture-2', number: 2, title: 'Lecture 2', duration: '7 min' },
];

export async function startContentStandIn(
  deps: ServiceDeps,
): Promise<{ url: string; calls: string[]; close(): Promise<void> }> {
  const calls: string[] = [];
  const router = new Router({ prefix: '/api' });
  router.use(async (ctx, next) => {
    calls.push(ctx.path);
    await next();
  });
  router.get('/lessons', (ctx) => {
    const premium = isPremium(ctx.state.viewer);
    ctx.body = LESSONS.map((l, order) => ({
      ...l,
      description: '',
      videoType: 'youtube',
      order,
      category: 'other',
      locked: !l.isFree && !premium,
    }));
  });
  router.get('/member/lectures', requireUser, (ctx) => {
    const premium = isPremium(ctx.state.viewer);
    ctx.body = LECTURES.map((l) => ({ ...l, description: '', locked: l.number > 1 && !premium }));
  });
  router.get('/member/sections', requirePremium, (ctx) => {
    ctx.body = SECTIONS;
  });
  router.get('/member/content/:sectionId', requirePremium, (ctx) => {
    const list = CONTENT[ctx.params.sectionId ?? ''];
    if (!list) throw new NotFoundError('Section not found');
    ctx.body = list;
  });
  const server: Server = createApp(deps, { name: 'content', routers: [router] }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
