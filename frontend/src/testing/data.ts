/** Factories for API answers (docs/API.md shapes); pass overrides for what a test cares about. */
import type { Lesson, MembershipTier, SiteConfig, Testimonial, User } from '@fm/contracts';

/**
 * GET /api/config: the values .env.example ships (Premium $19.99 a month or $199.90 a year, coaching
 * $100 for 45 minutes). `prices` follows an overridden `premiumPriceCents` and `currency`, as the
 * server's answer does (the same variables).
 */
export function buildSiteConfig(overrides: Partial<SiteConfig> = {}): SiteConfig {
  const base = {
    productName: 'Fairway Mind',
    supportEmail: 'support@fairwaymind.com',
    founderName: 'Coach Alex Reid',
    currency: 'usd',
    premiumPriceCents: 1999,
    coachingPriceCents: 10000,
    coachingSessionMinutes: 45,
    supportReplyHours: { premium: 24, freeFrom: 48, free: 72 },
    stripePublishableKey: 'pk_test_fairwaymind',
    ...overrides,
  };
  return {
    ...base,
    prices: overrides.prices ?? {
      monthlyCents: base.premiumPriceCents,
      annualCents: 19990,
      currency: base.currency,
      trialDays: 0,
    },
  };
}

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
    role: 'member',
    createdAt: '2026-01-01T00:00:00.000Z',
    emailVerified: true,
    newsletter: false,
    ...overrides,
  };
}

export const freeUser = (overrides: Partial<User> = {}) => buildUser({ membershipLevel: 'free', ...overrides });
export const premiumUser = (overrides: Partial<User> = {}) => buildUser({ membershipLevel: 'premium', ...overrides });

type OpenLesson = Extract<Lesson, { locked: false }>;
type LockedLesson = Extract<Lesson, { locked: true }>;

export function buildLesson(overrides: Partial<OpenLesson> = {}): OpenLesson {
  return {
    id: nextId(),
    title: 'Sweet Spot Swings',
    description: 'Find your rhythm and strike it pure.',
    videoUrl: 'https://www.youtube.com/watch?v=abc123XYZ00',
    videoType: 'youtube',
    audioUrl: null,
    duration: '12 min',
    isFree: true,
    order: 1,
    category: 'confidence',
    publishedAt: '2025-09-01T09:00:00.000Z',
    locked: false,
    ...overrides,
  };
}

/** A lesson as a non-Premium caller sees it: locked, no media. */
export function buildLockedLesson(overrides: Partial<LockedLesson> = {}): LockedLesson {
  const { videoUrl: _videoUrl, audioUrl: _audioUrl, ...lesson } = buildLesson({ isFree: false });
  return { ...lesson, locked: true, ...overrides };
}

export function buildTestimonial(overrides: Partial<Testimonial> = {}): Testimonial {
  return {
    id: nextId(),
    name: 'Sarah Kim',
    location: 'Austin, TX',
    quote: 'I stopped falling apart after one bad hole.',
    avatarUrl: null,
    ...overrides,
  };
}

export const freeTier = (overrides: Partial<MembershipTier> = {}): MembershipTier => ({
  id: 'tier-free',
  name: 'Free',
  price: 'Free',
  features: ['First lesson: Sweet Spot Swings', 'Community forum access'],
  isFeatured: false,
  order: 1,
  ...overrides,
});

export const premiumTier = (overrides: Partial<MembershipTier> = {}): MembershipTier => ({
  id: 'tier-premium',
  name: 'Premium',
  price: '$19.99',
  features: ['Full lesson library', 'All 12 member programme sections', 'Priority support'],
  isFeatured: true,
  order: 2,
  ...overrides,
});
