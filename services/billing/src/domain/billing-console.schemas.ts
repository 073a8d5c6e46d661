import { textField } from '@fm/shared/http';
import { z } from 'zod';

export const CONSOLE_MESSAGES = {
  body: 'Send the request as a JSON object',
  invoiceId: 'invoiceId is required (the Premium invoice to refund, e.g. in_…)',
  amountCents: 'amountCents must be a whole number of cents, at least 1 (leave it out to refund the rest in full)',
  reason: 'Reason is required (why, for the audit log)',
  days: 'days must be a whole number from 1 to 365',
} as const;

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field: ${(issue as { keys?: string[] }).keys?.join(', ')}`
        : CONSOLE_MESSAGES.body,
  });

const reason = textField({ label: 'Reason', max: 500, multiline: true, required: CONSOLE_MESSAGES.reason });

/** POST /api/admin/billing/members/:memberId/refunds {invoiceId, amountCents?, reason} */
export const consoleRefundSchema = strict({
  invoiceId: z.string({ error: CONSOLE_MESSAGES.invoiceId }).trim().min(1, CONSOLE_MESSAGES.invoiceId).max(255),
  amountCents: z
    .number({ error: CONSOLE_MESSAGES.amountCents })
    .int(CONSOLE_MESSAGES.amountCents)
    .min(1, CONSOLE_MESSAGES.amountCents)
    .optional(),
  reason,
});

/** POST /api/admin/billing/members/:memberId/subscription/cancel {reason} */
export const consoleCancelSchema = strict({ reason });

/** POST /api/admin/billing/members/:memberId/subscription/comp {reason, days} */
export const consoleCompSchema = strict({
  reason,
  days: z
    .number({ error: CONSOLE_MESSAGES.days })
    .int(CONSOLE_MESSAGES.days)
    .min(1, CONSOLE_MESSAGES.days)
    .max(365, CONSOLE_MESSAGES.days),
});
