import { registerModel, schemaOptions } from '@fm/shared/store';
import { type Connection, Schema, type Types } from 'mongoose';
import { managedFields, type Managed } from './managed';

/**
 * A Premium worksheet (collection `worksheets`): the text the founder edits (title, body; see
 * worksheet-pdf.ts for the body's line forms), the section it belongs to, and the PDF made from
 * it. `pdfSource` is the hash of what the stored PDF was made from (worksheetSourceHash): when it
 * differs from the current text's, the PDF is made again. The PDF (tens of KB) lives here, so
 * every replica and the seed see the same file; it is never read unless asked for (select: false).
 */
export interface Worksheet {
  slug: string;
  sectionSlug: string;
  title: string;
  body: string;
  pdf?: Buffer | null;
  pdfSource?: string | null;
  bytes?: number;
  generatedAt?: Date | null;
}

export type WorksheetDocument = Worksheet & Managed & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

const worksheetSchema = new Schema<Worksheet & Managed>(
  {
    slug: { type: String, required: true, trim: true, match: /^[a-z0-9]+(?:-[a-z0-9]+)*$/ },
    sectionSlug: { type: String, required: true, trim: true },
    title: { type: String, required: true, trim: true },
    body: { type: String, required: true },
    pdf: { type: Buffer, default: null, select: false },
    pdfSource: { type: String, default: null },
    bytes: { type: Number, default: 0 },
    generatedAt: { type: Date, default: null },
    ...managedFields,
  },
  schemaOptions({ collection: 'worksheets' }),
);
worksheetSchema.index({ slug: 1 }, { unique: true });

export function worksheetModel(mongo: Connection) {
  return registerModel(mongo, 'Worksheet', worksheetSchema);
}
