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
