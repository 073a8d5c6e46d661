import { z } from 'zod';

/** POST /api/contact → 201: the stored message's id. */
export const contactReceiptSchema = z.strictObject({ id: z.string().min(1) });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
