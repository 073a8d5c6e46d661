/**
 * What the content endpoints answer, and the one place that decides what a caller may see.
 * Every answer that can carry Premium media goes through `lessonFor` / `lectureFor`, after the
 * cache: cached values are the full records, a caller never gets a cached per-caller answer.
 */
import type {
  GuidedVisualization as GuidedVisualizationView,
  Lecture,
  Lesson,
  LessonCategory,
  MemberContent,
  MemberSection,
  MembershipTier,
  Testimonial,
} from '@fm/contracts';
import { guidedAudioUrl, type GuidedVisualization } from '../catalogue/guided-visualizations';
import type { LectureDocument } from './lecture.model';
import type { LessonDocument } from './lesson.model';
import type { MemberContentDocument } from './member-content.model';
import type { MemberSectionDocument } from './member-section.model';
import type { MembershipTierDocument } from './membership-tier.model';
import type { TestimonialDocument } from './testimonial.model';

export interface LessonRecord {
  id: string;
  title: string;
  description: string;
  videoUrl: string;
  videoType: string;
  audioUrl: string | null;
  duration: string;
  isFree: boolean;
  order: number;
  category: LessonCategory;
  publishedAt: string;
}

export interface LectureRecord {
  id: string;
  number: number;
  title: string;
  description: string;
  duration: string;
  videoUrl: string;
  videoType: string;
  isFree: boolean;
  publishedAt: string;
}

/** When a record was published; records stored before `publishedAt` existed have their creation time. */
export function publishedAtOf(doc: { publishedAt?: Date | null; createdAt: Date }): string {
  return new Date(doc.publishedAt ?? doc.createdAt).toISOString();
}

export function lessonRecord(doc: LessonDocument): LessonRecord {
  return {
    id: String(doc._id),
    title: doc.title,
    description: doc.description,
    videoUrl: doc.videoUrl,
    videoType: doc.videoType,
    audioUrl: doc.audioUrl ?? null,
    duration: doc.duration,
    isFree: doc.isFree === true,
    order: doc.order,
    category: doc.category,
    publishedAt: publishedAtOf(doc),
  };
}

/** Free lessons are open to everyone; the rest only to Premium members. */
export function canOpenLesson(lesson: Pick<LessonRecord, 'isFree'>, premium: boolean): boolean {
  return lesson.isFree || premium;
}

export function lessonFor(lesson: LessonRecord, premium: boolean): Lesson {
  if (canOpenLesson(lesson, premium)) return { ...lesson, locked: false };
  const { id, title, description, videoType, duration, isFree, order, category, publishedAt } = lesson;
  return { id, title, description, videoType, duration, isFree, order, category, publishedAt, locked: true };
}

export function lectureRecord(doc: LectureDocument): LectureRecord {
  return {
    id: String(doc._id),
    number: doc.number,
    title: doc.title,
    description: doc.description,
    duration: doc.duration,
    videoUrl: doc.videoUrl,
    videoType: doc.videoType,
    isFree: doc.isFree === true,
    publishedAt: publishedAtOf(doc),
  };
}

/** The free lecture (lecture 1) shows its media to every member; the others only to Premium. */
export function lectureFor(lecture: LectureRecord, premium: boolean): Lecture {
  const { id, number, title, description, duration, publishedAt } = lecture;
  if (lecture.isFree || premium) {
    return {
      id,
      number,
      title,
      description,
      duration,
      publishedAt,
      locked: false,
      videoUrl: lecture.videoUrl,
      videoType: lecture.videoType,
    };
  }
  return { id, number, title, description, duration, publishedAt, locked: true };
}

export function testimonialView(doc: TestimonialDocument): Testimonial {
  return {
    id: String(doc._id),
    name: doc.name,
    location: doc.location,
    quote: doc.quote,
    avatarUrl: doc.avatarUrl ?? null,
  };
}

export function membershipTierView(doc: MembershipTierDocument): MembershipTier {
  return {
    id: String(doc._id),
    name: doc.name,
    price: doc.price,
    features: [...(doc.features ?? [])],
    isFeatured: doc.isFeatured === true,
    order: doc.order,
  };
}

export function memberSectionView(doc: MemberSectionDocument): MemberSection {
  return {
    id: String(doc._id),
    name: doc.name,
    slug: doc.slug,
    description: doc.description ?? null,
    order: doc.order,
    hasPage: doc.hasPage === true,
  };
}

export function memberContentView(doc: MemberContentDocument): MemberContent {
  return {
    id: String(doc._id),
    sectionId: doc.sectionId ? String(doc.sectionId) : null,
    title: doc.title,
    description: doc.description ?? null,
    contentType: doc.contentType,
    videoUrl: doc.videoUrl ?? null,
    videoType: doc.videoType ?? null,
    audioUrl: doc.audioUrl ?? null,
    textContent: doc.textContent ?? null,
    duration: doc.duration ?? null,
    order: doc.order,
    createdAt: new Date(doc.createdAt).toISOString(),
    publishedAt: publishedAtOf(doc),
  };
}

export function guidedVisualizationView(item: GuidedVisualization): GuidedVisualizationView {
  const { id, title, description, guide } = item;
  return { id, title, description, guide, audioUrl: guidedAudioUrl(id) };
}
