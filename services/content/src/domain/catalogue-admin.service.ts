import { CatalogueWrites, type CatalogueWritesDeps } from './catalogue-admin-writes';
import { LectureAdmin } from './lecture-admin.service';
import { LessonAdmin } from './lesson-admin.service';
import { SectionItemAdmin } from './section-item-admin.service';
import { TestimonialAdmin } from './testimonial-admin.service';
import { TierAdmin } from './tier-admin.service';

/**
 * The founder's changes to the catalogue: lessons, lectures (PATCH only), section items,
 * testimonials and membership tiers, one family per file (`lesson-admin.service.ts`, …). Every write
 * goes through `CatalogueWrites` (catalogue-admin-writes.ts): it marks the record
 * `managedBy: 'admin'` (the seed leaves it alone from then on; a deleted seeded record leaves a
 * tombstone), is recorded in the audit log, and is announced to every content replica (their
 * caches drop at once).
 */
export class CatalogueAdmin {
  readonly lessons: LessonAdmin;
  readonly lectures: LectureAdmin;
  readonly sectionItems: SectionItemAdmin;
  readonly testimonials: TestimonialAdmin;
  readonly tiers: TierAdmin;

  constructor(
    deps: CatalogueWritesDeps & {
      /** "$19.99": the Premium tier's price as GET /api/membership-tiers renders it. */
      premiumPrice: string;
    },
  ) {
    const writes = new CatalogueWrites(deps);
    this.lessons = new LessonAdmin(deps.mongo, writes);
    this.lectures = new LectureAdmin(deps.mongo, writes);
    this.sectionItems = new SectionItemAdmin(deps.mongo, writes);
    this.testimonials = new TestimonialAdmin(deps.mongo, writes);
    this.tiers = new TierAdmin(deps.mongo, writes, deps.premiumPrice);
  }
}
