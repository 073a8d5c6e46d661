import { heartbeatRequestSchema, readRequestSchema } from '@fm/contracts';
import { parseBody, parseQuery } from '@fm/shared/http';
import { requireServiceToken, routerBehind, requireUser, type MemberContext } from '@fm/shared/auth';
import Router from '@koa/router';
import { z } from 'zod';
import type { Asker } from '../domain/catalogue';
import type { Heartbeats } from '../domain/credit/heartbeats';
import type { Reads } from '../domain/credit/reads';
import type { MemberData } from '../domain/member-data/member-data';
import type { Progress } from '../domain/progress/progress';
import type { Reminders } from '../domain/settings/reminders';
import type { Settings } from '../domain/settings/settings';
import type { Stats } from '../domain/stats/stats';
import type { TodaysPlan } from '../domain/today/todays-plan';

const progressQuerySchema = z.strictObject({ sectionId: z.string().min(1).max(64).optional() });

const settingsChangeSchema = z
  .strictObject({
    timeZone: z.string().min(1).max(64).optional(),
    reminder: z
      .strictObject({
        enabled: z.boolean(),
        time: z
          .string()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (24 h), e.g. 07:30')
          .optional(),
      })
      .optional(),
  })
  .refine((v) => v.timeZone !== undefined || v.reminder !== undefined, 'Nothing to change: send timeZone or reminder');

const asker = (ctx: MemberContext): Asker => ({ viewer: ctx.state.viewer });

/** The use cases a member reaches under /api/practice (domain/<use case>/). */
export interface MemberUseCases {
  heartbeats: Heartbeats;
  reads: Reads;
  progress: Progress;
  today: TodaysPlan;
  stats: Stats;
  settings: Settings;
}

/** /api/practice/…: every route for a logged-in member (401 visitor). docs/API.md "practice". */
export function practiceRouter({ heartbeats, reads, progress, today, stats, settings }: MemberUseCases) {
  const router = routerBehind(requireUser, { prefix: '/api/practice' });

  router.post('/heartbeats', async (ctx) => {
    ctx.body = await heartbeats.beat(asker(ctx), parseBody(ctx, heartbeatRequestSchema));
  });

  router.post('/opens', async (ctx) => {
    await reads.open(asker(ctx), parseBody(ctx, readRequestSchema));
    ctx.status = 204;
  });

  router.post('/reads', async (ctx) => {
    ctx.body = await reads.read(asker(ctx), parseBody(ctx, readRequestSchema));
  });

  router.get('/progress', async (ctx) => {
    ctx.body = await progress.list(ctx.state.viewer.id, parseQuery(ctx, progressQuerySchema).sectionId);
  });

  router.get('/resume', async (ctx) => {
    const item = await progress.resume(asker(ctx));
    if (item) ctx.body = item;
    else ctx.status = 204;
  });

  router.get('/today', async (ctx) => {
    ctx.body = await today.today(asker(ctx));
  });

  router.get('/stats', async (ctx) => {
    ctx.body = await stats.of(ctx.state.viewer.id, ctx.state.viewer.createdAt);
  });

  router.get('/settings', async (ctx) => {
    ctx.body = await settings.get(ctx.state.viewer.id);
  });

  router.patch('/settings', async (ctx) => {
    ctx.body = await settings.change(ctx.state.viewer, parseBody(ctx, settingsChangeSchema));
  });

  return router;
}

/** /internal/member-export (service token, audience "practice"): the member's practice history for auth's export. */
export function memberExportRouter(memberData: Pick<MemberData, 'exportFor'>, jwtSecret: string): Router {
  const router = new Router({ prefix: '/internal' });
  router.use(requireServiceToken(jwtSecret, 'practice'));
  router.get('/member-export', async (ctx) => {
    ctx.body = await memberData.exportFor(ctx.state.service!.userId);
  });
  return router;
}

export const UNSUBSCRIBE_PATH = '/api/practice/reminders/unsubscribe';

/**
 * `POST /api/practice/reminders/unsubscribe?token=` (no login, no Origin: a mail program's
 * one-click POST, RFC 8058; the signed token names the member) → 200 `{unsubscribed: true}`,
 * reminders off; 400 for a bad token.
 */
export function unsubscribeRouter(reminders: Reminders): Router {
  const router = new Router();
  router.post(UNSUBSCRIBE_PATH, async (ctx) => {
    await reminders.unsubscribe(ctx.query.token);
    ctx.body = { unsubscribed: true };
  });
  return router;
}
