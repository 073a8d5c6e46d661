/** Shapes of the content service's member endpoints (docs/API.md "content"). */

export type Lecture = {
  id: string;
  number: number;
  title: string;
  description: string;
  duration: string;
  locked: boolean;
  videoUrl?: string;
  videoType?: string;
};

export type MemberSection = {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  order: number;
};

export type ContentType = 'video' | 'audio' | 'text';

export type MemberContent = {
  id: string;
  sectionId: string;
  title: string;
  description: string | null;
  contentType: ContentType;
  videoUrl: string | null;
  videoType: string | null;
  audioUrl: string | null;
  textContent: string | null;
  duration: string | null;
  order: number;
  createdAt: string;
};

/**
 * Bodies of GET /api/member/pages/:slug (Premium), by slug. Texts may hold `{productName}` and
 * `{founderNameWithoutTitle}`: fill them in with `withAppNames` before showing them.
 */
export type FaqEntry = { question: string; answer: string };

export type Talk = { title: string; description: string; videoUrl: string };

export type MemberPages = {
  'crash-course': { videoUrl: string; paragraphs: string[] };
  'more-talks': { talks: Talk[] };
  faq: { entries: FaqEntry[] };
  'about-me': { paragraphs: string[]; highlights: string[] };
};

export type MemberPageSlug = keyof MemberPages;

export type MemberPage = { [S in MemberPageSlug]: { slug: S } & MemberPages[S] }[MemberPageSlug];
