import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import { parseBody } from '@fm/shared/http';
import type { AccountService } from '../domain/account.service';
import type { MemberExportService } from '../domain/member-export.service';
import type { PasswordResetService } from '../domain/password-reset.service';
import { toPublicUser } from '@fm/shared/auth';
import {
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  messages,
  resetPasswordSchema,
  updateProfileSchema,
} from '../domain/user.schemas';

export interface AccountRouterDeps {
  accounts: AccountService;
  resets: PasswordResetService;
  exports: MemberExportService;
  /** BODY_LIMIT: the app parses POST/PUT/PATCH bodies; this router parses its DELETE body alike. */
  bodyLimit: string;
}

/** A member's own account: forgotten and changed passwords, names, sessions, export, deletion. */
export function accountRouter({ accounts, resets, exports, bodyLimit }: AccountRouterDeps): Router {
  const router = new Router();
  // DELETE /api/auth/user carries {password}: parsed with the app's JSON rules.
  const deleteBody = bodyParser({
    enableTypes: ['json'],
    jsonLimit: bodyLimit,
    encoding: 'utf-8',
    jsonStrict: true,
    parsedMethods: ['DELETE'],
  });

  // The same answer whether or not the email has an account.
  router.post('/api/auth/password/forgot', async (ctx) => {
    const { email } = parseBody(ctx, forgotPasswordSchema);
    await resets.requestReset(email, ctx.ip);
    ctx.status = 202;
    ctx.body = { message: messages.resetRequested };
  });

  router.post('/api/auth/password/reset', async (ctx) => {
    // The schema checks the new password before the token is looked at (a refused one keeps it usable).
    const { token, password } = parseBody(ctx, resetPasswordSchema);
    await resets.resetPassword(token, password);
    ctx.status = 204;
  });

  router.post('/api/auth/password/change', async (ctx) => {
    const member = await accounts.member(ctx.session?.userId);
    const input = parseBody(ctx, changePasswordSchema);
    await accounts.changePassword(member, input, ctx.session?.externalKey);
    // This session stays, under a new id (the member's other sessions have ended).
    await ctx.session!.regenerate();
    ctx.status = 204;
  });

  router.patch('/api/auth/user', async (ctx) => {
    const member = await accounts.member(ctx.session?.userId);
    const input = parseBody(ctx, updateProfileSchema);
    ctx.body = toPublicUser(await accounts.updateProfile(member, input));
  });

  router.post('/api/auth/logout-all', async (ctx) => {
    await accounts.endAllSessions(await accounts.member(ctx.session?.userId));
    ctx.session = null;
    ctx.status = 204;
  });

  router.get('/api/auth/user/export', async (ctx) => {
    const member = await accounts.member(ctx.session?.userId);
    const data = await exports.export(member);
    const date = data.exportedAt.slice(0, 10);
    ctx.set('Content-Disposition', `attachment; filename="fairway-mind-export-${date}.json"`);
    ctx.body = data;
  });

  router.delete('/api/auth/user', deleteBody, async (ctx) => {
    const member = await accounts.member(ctx.session?.userId);
    const { password } = parseBody(ctx, deleteAccountSchema);
    await accounts.deleteAccount(member, password);
    ctx.session = null;
    ctx.status = 204;
  });

  return router;
}
