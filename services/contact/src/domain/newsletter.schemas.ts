import { NEWSLETTER_LIMITS } from '@fm/contracts';
import { textField } from '@fm/shared/http';
import { z } from 'zod';

const unknownField = (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys?.join(', ')}` : undefined;

const subject = textField({ label: 'Subject', max: NEWSLETTER_LIMITS.subject, required: 'Subject is required' });
const markdown = textField({
  label: 'Body',
  max: NEWSLETTER_LIMITS.markdown,
  multiline: true,
  required: 'Body is required',
});

/** POST /api/admin/newsletters {subject, markdown}. */
export const newsletterCreateSchema = z.strictObject(
  { subject, markdown },
  { error: (issue) => unknownField(issue as { code: string; keys?: string[] }) },
);

/** PATCH /api/admin/newsletters/:id {subject?, markdown?} (a draft only). */
export const newsletterPatchSchema = z
  .strictObject(
    { subject: subject.optional(), markdown: markdown.optional() },
    { error: (issue) => unknownField(issue as { code: string; keys?: string[] }) },
  )
  .refine((value) => value.subject !== undefined || value.markdown !== undefined, 'Send subject, markdown or both');

export type NewsletterCreate = z.infer<typeof newsletterCreateSchema>;
export type NewsletterPatch = z.infer<typeof newsletterPatchSchema>;
