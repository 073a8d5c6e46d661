/** The founder console's views of catalogue records: everything stored, media included (admins only). */
import type { AdminLecture, AdminLesson, AdminSectionItem, AdminTestimonial, AdminTier } from '@fm/contracts';
import { PREMIUM_TIER_NAME } from '../catalogue/tiers';
import type { LectureDocument } from './lecture.model';
import type { LessonDocument } from './lesson.model';
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
  return {
    ...recordFields(doc),
    title: doc.title,
    description: doc.description,
    videoUrl: doc.videoUrl,
    videoType: doc.videoType,
    audioUrl: doc.audioUrl ?? null,
    duration: doc.duration,
    isFree: doc.isFree === true,
    order: doc.order,
    category: doc.category,
  };
}

export function adminLectureView(doc: LectureDocument): AdminLecture {
  return {
    ...recordFields(doc),
    number: doc.number,
    title: doc.title,
    description: doc.description,
    duration: doc.duration,
    videoUrl: doc.videoUrl,
    videoType: doc.videoType,
    isFree: doc.isFree === true,
  };
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
  };
}

export function adminTestimonialView(doc: TestimonialDocument): AdminTestimonial {
  return {
    ...recordFields(doc),
    name: doc.name,
    location: doc.location,
    quote: doc.quote,
    avatarUrl: doc.avatarUrl ?? null,
  };
}

/** The Premium tier's price is the configured one, as GET /api/membership-tiers answers it. */
export function adminTierView(doc: MembershipTierDocument, premiumPrice: string): AdminTier {
  const premium = doc.name === PREMIUM_TIER_NAME;
  return {
    ...recordFields(doc),
    name: doc.name,
    price: premium ? premiumPrice : doc.price,
    priceFromConfig: premium,
    features: [...(doc.features ?? [])],
    isFeatured: doc.isFeatured === true,
    order: doc.order,
  };
}
