import { isObjectId } from '@fm/shared/store';
import type { MemberContent, MemberSection, MembershipTier, Testimonial } from '@fm/contracts';
import type { Connection } from 'mongoose';
import { type CatalogueCache } from './catalogue-cache';
import {
  lectureRecord,
  lessonRecord,
  memberContentView,
  memberSectionView,
  membershipTierView,
  testimonialView,
  type LectureRecord,
  type LessonRecord,
} from './catalogue.views';
import { lectureModel, type LectureDocument } from './lecture.model';
import { lessonModel, type LessonDocument } from './lesson.model';
import { memberContentModel, type MemberContentDocument } from './member-content.model';
import { memberSectionModel, type MemberSectionDocument } from './member-section.model';
import { membershipTierModel, type MembershipTierDocument } from './membership-tier.model';
import { testimonialModel, type TestimonialDocument } from './testimonial.model';

/**
 * Reads the catalogue (full records, media included) through the cache. Deciding what a caller
 * may see is not done here: see catalogue.views.ts.
 */
export class CatalogueService {
  private readonly models;

  constructor(
    mongo: Connection,
    private readonly cache: CatalogueCache,
  ) {
    this.models = {
      lessons: lessonModel(mongo),
      testimonials: testimonialModel(mongo),
      tiers: membershipTierModel(mongo),
      sections: memberSectionModel(mongo),
      content: memberContentModel(mongo),
      lectures: lectureModel(mongo),
    };
  }

  lessons(): Promise<readonly LessonRecord[]> {
    return this.cache.get('lessons', async () => {
      const docs = await this.models.lessons.find().sort({ order: 1, _id: 1 }).lean<LessonDocument[]>();
      return docs.map(lessonRecord);
    });
  }

  async lesson(id: string): Promise<LessonRecord | undefined> {
    if (!isObjectId(id)) return undefined;
    const lowered = id.toLowerCase();
    return (await this.lessons()).find((lesson) => lesson.id === lowered);
  }

  testimonials(): Promise<readonly Testimonial[]> {
    return this.cache.get('testimonials', async () => {
      const docs = await this.models.testimonials.find().sort({ createdAt: 1, _id: 1 }).lean<TestimonialDocument[]>();
      return docs.map(testimonialView);
    });
  }

  membershipTiers(): Promise<readonly MembershipTier[]> {
    return this.cache.get('membership-tiers', async () => {
      const docs = await this.models.tiers.find().sort({ order: 1, _id: 1 }).lean<MembershipTierDocument[]>();
      return docs.map(membershipTierView);
    });
  }

  lectures(): Promise<readonly LectureRecord[]> {
    return this.cache.get('lectures', async () => {
      const docs = await this.models.lectures.find().sort({ number: 1 }).lean<LectureDocument[]>();
      return docs.map(lectureRecord);
    });
  }

  sections(): Promise<readonly MemberSection[]> {
    return this.cache.get('member-sections', async () => {
      const docs = await this.models.sections.find().sort({ order: 1, _id: 1 }).lean<MemberSectionDocument[]>();
      return docs.map(memberSectionView);
    });
  }

  async sectionBySlug(slug: string): Promise<MemberSection | undefined> {
    return (await this.sections()).find((section) => section.slug === slug);
  }

  async sectionById(id: string): Promise<MemberSection | undefined> {
    if (!isObjectId(id)) return undefined;
    const lowered = id.toLowerCase();
    return (await this.sections()).find((section) => section.id === lowered);
  }

  /** Items of a known section, ordered (callers check the section exists first). */
  sectionContent(section: MemberSection): Promise<readonly MemberContent[]> {
    return this.cache.get(`member-content:${section.id}`, async () => {
      const docs = await this.models.content
        .find({ sectionId: section.id })
        .sort({ order: 1, _id: 1 })
        .lean<MemberContentDocument[]>();
      return docs.map(memberContentView);
    });
  }
}
