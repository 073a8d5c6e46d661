import type { AdminLesson, AdminPage } from '@fm/contracts';
import { type AdminPageQuery, findPage, ValidationError } from '@fm/shared/http';
import type { Connection } from 'mongoose';
import {
  ADMIN_MESSAGES,
  type CreateLessonInput,
  type UpdateLessonInput,
  videoUrlFits,
} from './catalogue-admin.schemas';
import { adminLessonView } from './catalogue-admin.views';
import type { Actor, CatalogueWrites, Kind } from './catalogue-admin-writes';
import { lessonModel, type LessonDocument } from './lesson.model';

/** The founder's lessons: list, create, update, delete. */
export class LessonAdmin {
  private readonly model;
  private readonly kind: Kind<LessonDocument>;

  constructor(
    mongo: Connection,
    private readonly writes: CatalogueWrites,
  ) {
    this.model = lessonModel(mongo);
    this.kind = {
      model: this.model,
      type: 'lesson',
      notFound: 'Lesson not found',
      duplicate: 'A lesson with this title already exists',
      summaryFields: ['title', 'isFree', 'order', 'category'],
    };
  }

  list(query: AdminPageQuery): Promise<AdminPage<AdminLesson>> {
    return findPage(this.model, {}, query, adminLessonView);
  }

  async create(actor: Actor, input: CreateLessonInput): Promise<AdminLesson> {
    const order = input.order ?? (await this.writes.nextOrder(this.model, {}));
    const fields = { ...input, order, publishedAt: this.writes.now() };
    return adminLessonView(await this.writes.create<LessonDocument>(this.kind, actor, fields));
  }

  async update(actor: Actor, id: string, patch: UpdateLessonInput): Promise<AdminLesson> {
    const doc = await this.writes.update<LessonDocument>(this.kind, actor, id, patch, {}, (merged) => {
      if (!videoUrlFits(merged.videoType, merged.videoUrl)) {
        const message = ADMIN_MESSAGES.videoHost(merged.videoType);
        throw new ValidationError(message, { videoUrl: message });
      }
    });
    return adminLessonView(doc);
  }

  async delete(actor: Actor, id: string): Promise<void> {
    await this.writes.remove<LessonDocument>(this.kind, actor, id, {});
  }
}
