import { adminListQuerySchema } from '@fm/shared';
import { z } from 'zod';

const handledMessage = 'handled must be true or false';

/** GET /api/admin/contact-messages?handled=true|false&page=&pageSize= (no `handled`: every message). */
export const inboxQuerySchema = adminListQuerySchema({
  handled: z
    .enum(['true', 'false'], { error: handledMessage })
    .transform((value) => value === 'true')
    .optional(),
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

export type InboxQuery = z.infer<typeof inboxQuerySchema>;
export type InboxPatch = z.infer<typeof inboxPatchSchema>;
