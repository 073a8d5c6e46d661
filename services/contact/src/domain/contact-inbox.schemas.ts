import { contactInboxSortSchema } from '@fm/contracts';
import { adminListQuerySchema, adminSearchField, textField } from '@fm/shared/http';
import { z } from 'zod';

const handledMessage = 'handled must be true or false';

/**
 * GET /api/admin/contact-messages?handled=true|false&sort=newest|due&q=&page=&pageSize= (no
 * `handled`: every message; no `sort`: newest first; `due`: most urgent first; `q`: every word in
 * the sender's name or address or the message).
 */
export const inboxQuerySchema = adminListQuerySchema({
  q: adminSearchField,
  handled: z
    .enum(['true', 'false'], { error: handledMessage })
    .transform((value) => value === 'true')
    .optional(),
  sort: z.enum(contactInboxSortSchema.options, { error: 'sort must be newest or due' }).default('newest'),
});

/** PATCH /api/admin/contact-messages/:id {handled}. */
export const inboxPatchSchema = z.strictObject(
  { handled: z.boolean({ error: handledMessage }) },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field: ${(issue as { keys?: string[] }).keys?.join(', ')}`
        : 'Send {"handled": true} or {"handled": false}',
  },
);

export const REPLY_MAX = 10_000;

/** POST /api/admin/contact-messages/:id/reply {text}: what the founder writes back (mailed as typed). */
export const inboxReplySchema = z.strictObject(
  { text: textField({ label: 'Reply', max: REPLY_MAX, multiline: true, required: 'Reply text is required' }) },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field: ${(issue as { keys?: string[] }).keys?.join(', ')}`
        : undefined,
  },
);

export type InboxQuery = z.infer<typeof inboxQuerySchema>;
export type InboxPatch = z.infer<typeof inboxPatchSchema>;
export type InboxReply = z.infer<typeof inboxReplySchema>;
