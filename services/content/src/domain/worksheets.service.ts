import type { AdminWorksheet, MemberWorksheet, UpdateWorksheetInput } from '@fm/contracts';
import { type AuditLog, changeSummary, NotFoundError } from '@fm/shared/http';
import type { Logger } from '@fm/shared/service';
import { insertOnce } from '@fm/shared/store';
import type { Connection } from 'mongoose';
import type { WorksheetDefinition } from '../catalogue/worksheets';
import type { Actor } from './catalogue-admin-writes';
import { managerOf } from './managed';
import { memberSectionModel } from './member-section.model';
import { renderWorksheetPdf, worksheetSourceHash } from './worksheet-pdf';
import { worksheetModel, type WorksheetDocument } from './worksheet.model';

/** Where the gateway serves a worksheet's PDF (nginx: Premium only, see gateway/nginx.conf.template). */
export const worksheetUrl = (slug: string) => `/media/worksheets/${slug}.pdf`;

export interface WorksheetFile {
  pdf: Buffer;
  sourceHash: string;
  generatedAt: Date;
}

/** A stored PDF as bytes: a lean read gives the driver's BSON Binary, not a Buffer. */
function bytesOf(value: unknown): Buffer | null {
  if (!value) return null;
  if (Buffer.isBuffer(value)) return value;
  const inner = (value as { buffer?: unknown }).buffer;
  return inner instanceof Uint8Array ? Buffer.from(inner.buffer, inner.byteOffset, inner.byteLength) : null;
}

type Text = Pick<WorksheetDocument, 'slug' | 'sectionSlug' | 'title' | 'body'>;

/**
 * The worksheets: their text (seeded from catalogue/worksheets.ts, edited by the founder) and the
 * PDF made from it. A PDF is made only when missing or when what it is made from changed (the
 * text, the section's name, the product name, the renderer's version): by the seed for every
 * worksheet, by the founder's edit for that one, and, should neither have run since a change,
 * by the first download.
 */
export class Worksheets {
  private readonly model;
  private readonly sections;

  constructor(private readonly deps: { mongo: Connection; productName: string; audit?: AuditLog; logger?: Logger }) {
    this.model = worksheetModel(deps.mongo);
    this.sections = memberSectionModel(deps.mongo);
  }

  private async sectionInfo(): Promise<Map<string, { name: string; order: number }>> {
    const sections = await this.sections.find({}, { slug: 1, name: 1, order: 1 }).lean();
    return new Map(sections.map((s) => [s.slug, { name: s.name, order: s.order }]));
  }

  private source(ws: Text, sectionName: string) {
    return { title: ws.title, body: ws.body, sectionName, productName: this.deps.productName };
  }

  /**
   * Makes the PDF of `ws` and stores it, unless its text changed meanwhile (the write names the
   * text it was made from; the change's own generation stores the newer one).
   */
  private async generate(ws: Text, sectionName: string): Promise<WorksheetFile> {
    const input = this.source(ws, sectionName);
    const pdf = await renderWorksheetPdf(input);
    const sourceHash = worksheetSourceHash(input);
    const generatedAt = new Date();
    await this.model.updateOne(
      { slug: ws.slug, title: ws.title, body: ws.body },
      { $set: { pdf, pdfSource: sourceHash, bytes: pdf.length, generatedAt } },
    );
    return { pdf, sourceHash, generatedAt };
  }

  /** The seed's part: the worksheets of catalogue/worksheets.ts (the founder's edits kept). */
  async seed(definitions: readonly WorksheetDefinition[]): Promise<void> {
    await this.model.init();
    for (const def of definitions) {
      const fields = { sectionSlug: def.sectionSlug, title: def.title, body: def.body, seedKey: def.slug };
      const own = await this.model.updateOne({ slug: def.slug, managedBy: { $ne: 'admin' } }, { $set: fields });
      if (own.matchedCount > 0 || (await this.model.exists({ slug: def.slug }))) continue;
      await insertOnce(() => this.model.create({ slug: def.slug, ...fields, managedBy: 'seed' }));
    }
  }

  /** Makes every missing or out-of-date PDF; resolves to the slugs made. */
  async ensureFiles(): Promise<string[]> {
    const sections = await this.sectionInfo();
    const made: string[] = [];
    for (const ws of await this.model.find({}).lean<WorksheetDocument[]>()) {
      const sectionName = sections.get(ws.sectionSlug)?.name ?? ws.sectionSlug;
      if (ws.pdfSource === worksheetSourceHash(this.source(ws, sectionName)) && ws.bytes) continue;
      await this.generate(ws, sectionName);
      made.push(ws.slug);
    }
    return made;
  }

  private async ordered(): Promise<WorksheetDocument[]> {
    const sections = await this.sectionInfo();
    const order = (ws: WorksheetDocument) => sections.get(ws.sectionSlug)?.order ?? Number.MAX_SAFE_INTEGER;
    const all = await this.model.find({}).lean<WorksheetDocument[]>();
    return all.sort((a, b) => order(a) - order(b) || a.slug.localeCompare(b.slug));
  }

  private memberView(ws: WorksheetDocument): MemberWorksheet {
    return {
      slug: ws.slug,
      title: ws.title,
      sectionSlug: ws.sectionSlug,
      url: worksheetUrl(ws.slug),
      bytes: ws.bytes ?? 0,
      updatedAt: (ws.generatedAt ?? ws.updatedAt).toISOString(),
    };
  }

  private adminView(ws: WorksheetDocument): AdminWorksheet {
    return { ...this.memberView(ws), body: ws.body, managedBy: managerOf(ws) };
  }

  /** GET /api/member/worksheets: those with a PDF, in section order. */
  async list(): Promise<MemberWorksheet[]> {
    return (await this.ordered()).filter((ws) => (ws.bytes ?? 0) > 0).map((ws) => this.memberView(ws));
  }

  async adminList(): Promise<AdminWorksheet[]> {
    return (await this.ordered()).map((ws) => this.adminView(ws));
  }

  async adminGet(slug: string): Promise<AdminWorksheet> {
    const ws = await this.model.findOne({ slug }).lean<WorksheetDocument>();
    if (!ws) throw new NotFoundError('Worksheet not found');
    return this.adminView(ws);
  }

  /** The PDF of `slug` (made now if it is missing or out of date), or null for no such worksheet. */
  async file(slug: string): Promise<WorksheetFile | null> {
    const ws = await this.model.findOne({ slug }).select('+pdf').lean<WorksheetDocument>();
    if (!ws) return null;
    const sectionName =
      (await this.sections.findOne({ slug: ws.sectionSlug }, { name: 1 }).lean())?.name ?? ws.sectionSlug;
    const current = worksheetSourceHash(this.source(ws, sectionName));
    const stored = bytesOf(ws.pdf);
    if (stored?.length && ws.pdfSource === current && ws.generatedAt) {
      return { pdf: stored, sourceHash: current, generatedAt: ws.generatedAt };
    }
    return this.generate(ws, sectionName);
  }

  /** PATCH /api/admin/worksheets/:slug: the new text, its PDF made at once, audited. */
  async update(actor: Actor, slug: string, patch: UpdateWorksheetInput): Promise<AdminWorksheet> {
    const before = await this.model.findOne({ slug }).lean<WorksheetDocument>();
    if (!before) throw new NotFoundError('Worksheet not found');
    const set: Partial<WorksheetDocument> = { managedBy: 'admin' };
    if (patch.title !== undefined) set.title = patch.title;
    if (patch.body !== undefined) set.body = patch.body;
    await this.model.updateOne({ slug }, { $set: set }, { runValidators: true });
    const edited = (await this.model.findOne({ slug }).lean<WorksheetDocument>())!;
    const sectionName = (await this.sectionInfo()).get(edited.sectionSlug)?.name ?? edited.sectionSlug;
    await this.generate(edited, sectionName);
    const after = (await this.model.findOne({ slug }).lean<WorksheetDocument>())!;
    await this.deps.audit?.record(actor, {
      action: 'worksheet.update',
      targetType: 'worksheet',
      targetId: slug,
      summary: changeSummary(before as never, after as never, Object.keys(patch)),
    });
    return this.adminView(after);
  }
}
