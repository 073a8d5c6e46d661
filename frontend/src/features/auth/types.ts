export type MembershipLevel = 'free' | 'premium';

/** GET /api/auth/user (docs/API.md). */
export type User = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  membershipLevel: MembershipLevel;
  createdAt: string;
};
