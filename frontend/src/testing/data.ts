/** Factories for API answers (docs/API.md shapes); pass overrides for what a test cares about. */
import type { User } from '@/features/auth/types';

let seq = 0;
const nextId = () => `id-${++seq}`;

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: nextId(),
    email: 'jordan@example.com',
    firstName: 'Jordan',
    lastName: 'Spieth',
    profileImageUrl: null,
    membershipLevel: 'free',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const freeUser = (overrides: Partial<User> = {}) => buildUser({ membershipLevel: 'free', ...overrides });
export const premiumUser = (overrides: Partial<User> = {}) => buildUser({ membershipLevel: 'premium', ...overrides });
