/** `Course` as answered by the courses service (docs/API.md). */
export type Course = {
  id: string;
  name: string;
  description: string | null;
  city: string;
  state: string;
  country: string;
  photoUrl?: string | null;
  scorecardUrl?: string | null;
  pars: number[];
  totalPar: number;
  isPublic: boolean;
  isOwner: boolean;
  ownerName?: string | null;
  likes: number;
  dislikes: number;
  favorites: number;
  myLike: boolean | null;
  isFavorite: boolean;
  createdAt: string;
  updatedAt: string;
};

/** One page of a course list and the size of the whole list (the `X-Total-Count` header). */
export type CoursePage = { items: Course[]; total: number };

export const COURSE_LIST_TAG = { type: 'Course' as const, id: 'LIST' };
export const PUBLIC_COURSE_LIST_TAG = { type: 'Course' as const, id: 'PUBLIC' };
