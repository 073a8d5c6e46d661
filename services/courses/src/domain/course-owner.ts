import { stripBidiControls } from '@fm/shared/http';

/** The member writing a course, as the guard read them from auth's `users` for this request. */
export interface CourseAuthor {
  id: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * An owner's name as other members see it: first and last name, trimmed; null when both are
 * empty. Names belong to auth, which strips bidi controls on signup; they are stripped here as
 * well, for names stored before that rule or by another writer.
 */
export function ownerNameOf(firstName: string | null | undefined, lastName: string | null | undefined): string | null {
  return stripBidiControls([firstName, lastName].filter(Boolean).join(' ')).trim() || null;
}

/** A course whose stored owner name is older than `changedAt` (or was set at create). */
export function ownerNameOlderThan(changedAt: Date): Record<string, unknown> {
  return { $or: [{ ownerNameChangedAt: null }, { ownerNameChangedAt: { $lt: changedAt } }] };
}
