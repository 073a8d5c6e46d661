import { QUEUES } from '@fm/contracts';
import { createQueueWorker } from '@fm/shared/queues';
import type { Logger } from '@fm/shared/service';
import { oneAtATimePerKey } from '@fm/shared/store';
import type { PasswordResetService } from '../domain/password-reset.service';

/**
 * Answers forgot-password requests queued by the route: looks the email up and, with an account,
 * stores the request's token and queues the reset mail (PasswordResetService.processRequest,
 * idempotent on redelivery). One email's requests run one after another in this process, so a
 * double click's two jobs do not race on the member's one token; across processes the unique
 * userId of password_resets settles it.
 */
export function startPasswordResetWorker(
  resets: PasswordResetService,
  options: { redisUrl: string; redisPrefix: string; logger: Logger },
) {
  const serially = oneAtATimePerKey();
  return createQueueWorker(
    QUEUES.passwordResetRequests,
    {
      'password-reset-request': async (request, _job, log) => {
        const outcome = await serially(request.email, () => resets.processRequest(request));
        // Never the email nor the link; the outcome tells ops whether a mail was queued.
        log.info({ resetRequestId: request.requestId, outcome }, 'password reset request answered');
      },
    },
    { ...options, concurrency: 4 },
  );
}
