/**
 * Product-wide constants: the one place a founder changes to rebrand.
 * Product name, links and contact addresses; nothing here is secret.
 */
export const appConfig = {
  productName: 'Fairway Mind',
  tagline:
    'Master the mental game of golf with proven psychology and neuroscience techniques. Confidence, composure and concentration in 10 minutes a day.',
  founderName: 'Coach Alex Reid',
  supportEmail: 'support@fairwaymind.com',
  /** Short-video, photo-sharing and video-channel profiles (SPEC §2 Socials dropdown). */
  socials: [
    { id: 'tiktok', label: 'TikTok', href: 'https://www.tiktok.com/@fairwaymind' },
    { id: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/fairwaymind' },
    { id: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@fairwaymind' },
  ],
  /** The video channel, also used by the footer's Connect column. */
  videoChannelUrl: 'https://www.youtube.com/@fairwaymind',
  forumUrl: 'https://community.fairwaymind.com',
  storeUrl: 'https://store.fairwaymind.com',
  supportUrl: 'https://fairwaymind.com/support',
  /** The free first lesson on the home page; its video comes from the lesson catalogue. */
  freeLesson: {
    title: 'Lesson 1: Sweet Spot Swings',
  },
  pricing: {
    premiumMonthly: '$19.99',
    coachingSession: '$100',
    coachingMinutes: 45,
  },
} as const;

export type AppConfig = typeof appConfig;
