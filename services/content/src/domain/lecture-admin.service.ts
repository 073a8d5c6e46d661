import type { AdminLecture, AdminPage } from '@fm/contracts';
import { type AdminPageQuery, findPage, ValidationError } from '@fm/shared/http';
import type { Connection } from 'mongoose';
import { ADMIN_MESSAGES, type UpdateLectureInput, videoUrlFits } from './catalogue-admin.schemas';
import { adminLectureView } from './catalogue-admin.views';
import type { Actor, CatalogueWrites, Kind } from './catalogue-admin-writes';
import { lectureModel, type LectureDocument } from './lecture.model';

/** The founder's lectures: fixed at five, so list and PATCH only. */
export class LectureAdmin {
  private readonly model;
  private readonly kind: Kind<LectureDocument>;

  constructor(
    mongo: Connection,
    private readonly writes: CatalogueWrites,
  ) {
    this.model = lectureModel(mongo);
    this.kind = {
      model: this.model,
      type: 'lecture',
      notFound: 'Lecture not found',
      duplicate: 'A lecture with this number already exists',
      summaryFields: ['number', 'title'],
    };
  }

  list(query: AdminPageQuery): Promise<AdminPage<AdminLecture>> {
    // A fixed set of five: in their numbered order rather than newest first.
    return findPage(this.model, {}, query, adminLectureView, { number: 1 });
  }

  async update(actor: Actor, id: string, patch: UpdateLectureInput): Promise<AdminLecture> {
    const doc = await this.writes.update<LectureDocument>(this.kind, actor, id, patch, {}, (merged) => {
      if (!videoUrlFits(merged.videoType, merged.videoUrl)) {
        const message = ADMIN_MESSAGES.videoHost(merged.videoType);
        throw new ValidationError(message, { videoUrl: message });
      }
    });
    return adminLectureView(doc);
  }
}
