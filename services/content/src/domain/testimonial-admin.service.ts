import type { AdminPage, AdminTestimonial } from '@fm/contracts';
import { type AdminPageQuery, findPage } from '@fm/shared/http';
import type { Connection } from 'mongoose';
import type { CreateTestimonialInput, UpdateTestimonialInput } from './catalogue-admin.schemas';
import { adminTestimonialView } from './catalogue-admin.views';
import type { Actor, CatalogueWrites, Kind } from './catalogue-admin-writes';
import { testimonialModel, type TestimonialDocument } from './testimonial.model';

/** The founder's testimonials: list, create, update, delete. */
export class TestimonialAdmin {
  private readonly model;
  private readonly kind: Kind<TestimonialDocument>;

  constructor(
    mongo: Connection,
    private readonly writes: CatalogueWrites,
  ) {
    this.model = testimonialModel(mongo);
    this.kind = {
      model: this.model,
      type: 'testimonial',
      notFound: 'Testimonial not found',
      duplicate: 'A testimonial with this name and location already exists',
      summaryFields: ['name', 'location'],
    };
  }

  list(query: AdminPageQuery): Promise<AdminPage<AdminTestimonial>> {
    return findPage(this.model, {}, query, adminTestimonialView);
  }

  async create(actor: Actor, input: CreateTestimonialInput): Promise<AdminTestimonial> {
    return adminTestimonialView(await this.writes.create<TestimonialDocument>(this.kind, actor, input));
  }

  async update(actor: Actor, id: string, patch: UpdateTestimonialInput): Promise<AdminTestimonial> {
    return adminTestimonialView(await this.writes.update<TestimonialDocument>(this.kind, actor, id, patch, {}));
  }

  async delete(actor: Actor, id: string): Promise<void> {
    await this.writes.remove<TestimonialDocument>(this.kind, actor, id, {});
  }
}
