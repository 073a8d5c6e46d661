import type { AdminPage, AdminSectionItem } from '@fm/contracts';
import { type AdminPageQuery, findPage, NotFoundError, ValidationError } from '@fm/shared/http';
import type { Connection } from 'mongoose';
import {
  type CreateSectionItemInput,
  sectionItemProblems,
  type UpdateSectionItemInput,
} from './catalogue-admin.schemas';
import { adminSectionItemView } from './catalogue-admin.views';
import type { Actor, CatalogueWrites, Kind } from './catalogue-admin-writes';
import { memberContentModel, type MemberContentDocument } from './member-content.model';
import { memberSectionModel, type MemberSectionDocument } from './member-section.model';

/** The founder's items of a member section (the sections themselves are the seed's). */
export class SectionItemAdmin {
  private readonly content;
  private readonly sections;
  private readonly kind: Kind<MemberContentDocument>;

  constructor(
    mongo: Connection,
    private readonly writes: CatalogueWrites,
  ) {
    this.content = memberContentModel(mongo);
    this.sections = memberSectionModel(mongo);
    this.kind = {
      model: this.content,
      type: 'section-item',
      notFound: 'Section item not found',
      duplicate: 'This section already has an item with this title',
      summaryFields: ['title', 'contentType', 'order'],
    };
  }

  private async section(slug: string): Promise<MemberSectionDocument> {
    const section = /^[a-z0-9-]{1,80}$/.test(slug)
      ? await this.sections.findOne({ slug }).lean<MemberSectionDocument>()
      : null;
    if (!section) throw new NotFoundError('Section not found');
    return section;
  }

  async list(slug: string, query: AdminPageQuery): Promise<AdminPage<AdminSectionItem>> {
    const section = await this.section(slug);
    return findPage(this.content, { sectionId: section._id }, query, (doc: MemberContentDocument) =>
      adminSectionItemView(doc, section.slug),
    );
  }

  async create(actor: Actor, slug: string, input: CreateSectionItemInput): Promise<AdminSectionItem> {
    const section = await this.section(slug);
    const problems = sectionItemProblems(input);
    if (problems) throw new ValidationError(Object.values(problems)[0]!, problems);
    const order = input.order ?? (await this.writes.nextOrder(this.content, { sectionId: section._id }));
    const doc = await this.writes.create<MemberContentDocument>(this.kind, actor, {
      ...input,
      order,
      sectionId: section._id,
      publishedAt: this.writes.now(),
    });
    return adminSectionItemView(doc, section.slug);
  }

  async update(actor: Actor, slug: string, id: string, patch: UpdateSectionItemInput): Promise<AdminSectionItem> {
    const section = await this.section(slug);
    const doc = await this.writes.update<MemberContentDocument>(
      this.kind,
      actor,
      id,
      patch,
      { sectionId: section._id },
      (merged) => {
        const problems = sectionItemProblems({
          contentType: merged.contentType,
          videoUrl: merged.videoUrl ?? null,
          videoType: merged.videoType ?? null,
          audioUrl: merged.audioUrl ?? null,
          textContent: merged.textContent ?? null,
        });
        if (problems) throw new ValidationError(Object.values(problems)[0]!, problems);
      },
    );
    return adminSectionItemView(doc, section.slug);
  }

  async delete(actor: Actor, slug: string, id: string): Promise<void> {
    const section = await this.section(slug);
    await this.writes.remove<MemberContentDocument>(this.kind, actor, id, { sectionId: section._id });
  }
}
