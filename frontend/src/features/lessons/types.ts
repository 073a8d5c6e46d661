/** docs/API.md `Lesson`; a locked lesson (non-Premium caller) has `locked: true` and no media URLs. */
export type LessonCategory = 'confidence' | 'composure' | 'concentration' | string;

export type Lesson = {
  id: string;
  title: string;
  description: string;
  videoUrl?: string | null;
  videoType?: string | null;
  audioUrl?: string | null;
  duration: string;
  isFree: boolean;
  order: number;
  category: LessonCategory;
  locked?: boolean;
};

/** Locked when the server says so; without the flag, anything not free is treated as locked. */
export function isLessonLocked(lesson: Pick<Lesson, 'locked' | 'isFree'>): boolean {
  return lesson.locked ?? !lesson.isFree;
}
