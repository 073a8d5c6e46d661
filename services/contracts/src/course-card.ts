/**
 * GET /api/courses/:id/card.pdf: a course's pre-round card, one printable page (application/pdf,
 * `Content-Disposition: inline; filename="pre-round-card-<course>.pdf"`). No zod here: the SPA
 * imports this module at run time as `@fm/contracts/course-card`.
 */
export const courseCardPath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/card.pdf`;
