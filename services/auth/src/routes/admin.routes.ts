import Router from '@koa/router';
import { requireAdmin } from '@fm/shared/auth';
import { adminListQuerySchema, adminSearchField, type AuditLog, parseQuery } from '@fm/shared/http';
import { z } from 'zod';
import type { MemberAdmin } from '../domain/member-admin.service';

const searchQuery = adminListQuerySchema({ q: adminSearchField });

const idFilter = (label: string) =>
  z
    .string({ error: `${label} must be a single text value` })
    .trim()
    .min(1)
    .max(200)
    .optional();

const auditQuery = adminListQuerySchema({
  targetType: idFilter('targetType'),
  targetId: idFilter('targetId'),
  actorId: idFilter('actorId'),
});

/**
 * The founder console's members and audit log (admins only: 401 visitor, 403 `ADMIN_REQUIRED`
 * any other member). Read only: a member's role is changed by the admin command, never here.
 */
export function adminRouter(deps: { members: MemberAdmin; audit: AuditLog }): Router {
  const router = new Router({ prefix: '/api/admin' });
  const onlyAdmins = requireAdmin;

  router.get('/members', onlyAdmins, async (ctx) => {
    ctx.body = await deps.members.list(parseQuery(ctx, searchQuery));
  });

  router.get('/members/:id', onlyAdmins, async (ctx) => {
    ctx.body = await deps.members.get(ctx.params.id ?? '');
  });

  router.get('/audit', onlyAdmins, async (ctx) => {
    const { targetType, targetId, actorId, ...page } = parseQuery(ctx, auditQuery);
    ctx.body = await deps.audit.list(page, { targetType, targetId, actorId });
  });

  return router;
}
