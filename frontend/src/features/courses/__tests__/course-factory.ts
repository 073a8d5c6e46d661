import type { Course } from '@fm/contracts';

let seq = 0;

/** A Course as the courses service answers it (docs/API.md), with overrides. */
export function buildCourse(overrides: Partial<Course> = {}): Course {
  seq += 1;
  const pars = overrides.pars ?? [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5];
  return {
    id: `course-${seq}`,
    name: `Course ${seq}`,
    description: null,
    city: 'Austin',
    state: 'Texas',
    country: 'USA',
    photoUrl: null,
    scorecardUrl: null,
    pars,
    totalPar: pars.reduce((a, b) => a + b, 0),
    isPublic: false,
    isOwner: true,
    ownerName: null,
    likes: 0,
    dislikes: 0,
    favorites: 0,
    myLike: null,
    isFavorite: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
