import Router from '@koa/router';
import { parseBody } from '@fm/shared/http';
import { requireUser, toPublicUser } from '@fm/shared/auth';
import { loginSchema, signupSchema } from '../domain/user.schemas';
import type { UserService } from '../domain/user.service';
import type { EmailVerificationService } from '../domain/email-verification.service';

export function authRouter(users: UserService, verifications: EmailVerificationService): Router {
  const router = new Router();

  router.post('/api/auth/signup', async (ctx) => {
    const input = parseBody(ctx, signupSchema);
    const user = await users.signup(input, ctx.ip);
    await verifications.sendFirstLink(user);
    // A fresh session id at every change of identity (no session fixation).
    ctx.session!.userId = user._id;
    await ctx.session!.regenerate();
    ctx.status = 201;
    ctx.body = { user: toPublicUser(user) };
  });

  router.post('/api/auth/login', async (ctx) => {
    const input = parseBody(ctx, loginSchema);
    const user = await users.login(input, ctx.ip);
    ctx.session!.userId = user._id;
    await ctx.session!.regenerate();
    ctx.body = { user: toPublicUser(user) };
  });

  router.post('/api/auth/logout', (ctx) => {
    ctx.session = null;
    ctx.status = 204;
  });

  // The hot read of every page: the member snapshot read with the session (one Redis round trip).
  router.get('/api/auth/user', requireUser, (ctx) => {
    ctx.body = ctx.state.viewer;
  });

  // Browser-navigation login entry (the SPA sends members here when their session is gone).
  router.get('/api/login', (ctx) => {
    ctx.redirect('/login');
  });

  return router;
}
