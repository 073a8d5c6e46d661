import Router from '@koa/router';
import { parseBody } from '@fm/shared/http';
import type { AccountService } from '../domain/account.service';
import type { EmailVerificationService } from '../domain/email-verification.service';
import { verifyEmailSchema } from '../domain/user.schemas';

/**
 * Email verification: the link's page posts its token (logged in or not: the token is the
 * proof); a logged-in member asks for a new link.
 */
export function emailVerificationRouter(deps: {
  accounts: AccountService;
  verifications: EmailVerificationService;
}): Router {
  const router = new Router();

  router.post('/api/auth/email/verify', async (ctx) => {
    const { token } = parseBody(ctx, verifyEmailSchema);
    await deps.verifications.verify(token);
    ctx.status = 204;
  });

  router.post('/api/auth/email/verify/resend', async (ctx) => {
    const member = await deps.accounts.member(ctx.session?.userId);
    await deps.verifications.resend(member);
    ctx.status = 204;
  });

  return router;
}
