import type { MemberContent } from '../../domain/member-content.model';
import type { MemberSection } from '../../domain/member-section.model';

/** One item of a section as the seed writes it (the section's id is added when it is stored). */
export type SectionItem = Omit<MemberContent, 'sectionId'>;
export type SectionDefinition = MemberSection & { items: SectionItem[] };

export const video = (item: Omit<SectionItem, 'contentType'>): SectionItem => ({ contentType: 'video', ...item });
export const audio = (item: Omit<SectionItem, 'contentType'>): SectionItem => ({ contentType: 'audio', ...item });
export const text = (item: Omit<SectionItem, 'contentType'>): SectionItem => ({ contentType: 'text', ...item });
