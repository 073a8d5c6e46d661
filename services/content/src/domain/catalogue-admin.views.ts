/** The founder console's views of catalogue records: everything stored, media included (admins only). */
import type { AdminLecture, AdminLesson, AdminSectionItem, AdminTestimonial, AdminTier } from '@fm/contracts';
import { PREMIUM_TIER_NAME } from '../catalogue/tiers';
import type { LectureDocument } from './lecture.model';
import type { LessonDocument } from './lesson.model';
import { lectureRecord, lessonRecord, membershipTierView, publishedAtOf, testimonialView } from './catalogue.views';
import { managerOf } from './managed';
import type { MemberContentDocument } from './member-content.model';
import type { MembershipTierDocument } from './membership-tier.model';
import type { TestimonialDocument } from './testimonial.model';

const iso = (date: Date) => new Date(date).toISOString();

function recordFields(
  doc: LessonDocument | LectureDocument | MemberContentDocument | TestimonialDocument | MembershipTierDocument,
) {
  return {
    id: String(doc._id),
    managedBy: managerOf(doc),
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
  };
}

export function adminLessonView(doc: LessonDocument): AdminLesson {
  return { ...lessonRecord(doc), ...recordFields(doc) };
}

export function adminLectureView(doc: LectureDocument): AdminLecture {
  return { ...lectureRecord(doc), ...recordFields(doc) };
}

export function adminSectionItemView(doc: MemberContentDocument, sectionSlug: string): AdminSectionItem {
  return {
    ...recordFields(doc),
    sectionId: String(doc.sectionId),
    sectionSlug,
    title: doc.title,
    description: doc.description ?? null,
    contentType: doc.contentType,
    videoUrl: doc.videoUrl ?? null,
    videoType: doc.videoType ?? null,
    audioUrl: doc.audioUrl ?? null,
    textContent: doc.textContent ?? null,
    duration: doc.duration ?? null,
    order: doc.order,
    publishedAt: publishedAtOf(doc),
  };
}

export function adminTestimonialView(doc: TestimonialDocument): AdminTestimonial {
  return { ...testimonialView(doc), ...recordFields(doc) };
}

/** The Premium tier's price is the configured one, as GET /api/membership-tiers answers it. */
export function adminTierView(doc: MembershipTierDocument, premiumPrice: string): AdminTier {
  const premium = doc.name === PREMIUM_TIER_NAME;
  return {
    ...membershipTierView(doc),
    ...recordFields(doc),
    price: premium ? premiumPrice : doc.price,
    priceFromConfig: premium,
  };
}
