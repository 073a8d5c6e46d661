/**
 * What only the SPA knows: tagline, social profiles, external links. Nothing here is secret.
 * The facts the server's config decides (product name, support address, founder's name,
 * currency, prices, the coaching session's length, Stripe's publishable key) are not here:
 * they come from GET /api/config (src/lib/site-config.ts), so one variable changes them everywhere.
 */
export const appConfig = {
  tagline:
    'Master the mental game of golf with proven psychology and neuroscience techniques. Confidence, composure and concentration in 10 minutes a day.',
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
} as const;

export type AppConfig = typeof appConfig;
