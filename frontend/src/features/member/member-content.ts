/**
 * Fixed labels of the member area: page titles and subtitles, the More Stuff cards, the Unlock
 * card's benefits. Premium content (the crash-course video and intro, the talks, the member
 * FAQ, the founder's biography, the guided visualizations, the sections) is not here: the
 * content service serves it to Premium members only (docs/API.md), so it never ships in the
 * public JavaScript (frontend/scripts/check-no-premium.mjs). The product name, the founder's
 * name and the coaching session's length come from the site config (GET /api/config), so the
 * texts holding them are functions of it.
 */
import type { SiteConfig } from '@fm/contracts';
import { appConfig } from '@/config/app-config';

type Names = Pick<SiteConfig, 'productName' | 'founderName' | 'coachingSessionMinutes'>;

export const CRASH_COURSE = {
  title: 'Start Here - Crash Course',
  subtitle: 'Your first 15 minutes in the mental game',
} as const;

export const MORE_TALKS = {
  title: 'More Talks/Motivation',
  subtitle: 'Short talks to reset your mindset between rounds',
} as const;

export const MEMBER_FAQ = {
  title: 'FAQs',
  subtitle: 'Quick answers to the questions members ask most.',
} as const;

export const ABOUT_ME = {
  title: 'About Me',
  role: (productName: string) => `Founder and head coach, ${productName}`,
} as const;

export type MoreStuffCard = {
  id: string;
  title: string;
  description: string;
  href: string;
  external: boolean;
};

/** /member/more-stuff: its seven cards (SPEC §2). */
export const moreStuffCards = ({ productName, founderName, coachingSessionMinutes }: Names): MoreStuffCard[] => [
  {
    id: 'more-talks',
    title: 'More Talks/Motivation',
    description: 'Short talks to reset your mindset between rounds.',
    href: '/member/more-talks',
    external: false,
  },
  {
    id: 'gear',
    title: 'Gear',
    description: `${productName} hats, towels and ball markers to carry the routine with you.`,
    href: appConfig.storeUrl,
    external: true,
  },
  {
    id: 'faqs',
    title: 'FAQs',
    description: 'Answers to the questions members ask most.',
    href: '/member/faq',
    external: false,
  },
  {
    id: 'support',
    title: 'Support',
    description: 'Questions about your account or the programme? We are here to help.',
    href: appConfig.supportUrl,
    external: true,
  },
  {
    id: 'ai',
    title: 'AI',
    description: 'A mental game assistant for your pocket. Coming soon.',
    href: '/member/golf-ai',
    external: false,
  },
  {
    id: 'coaching',
    title: '1 on 1 Coaching',
    description: `A private ${coachingSessionMinutes}-minute session with ${founderName} to build your personal mental game plan.`,
    href: '/coaching',
    external: false,
  },
  {
    id: 'about-me',
    title: 'About Me',
    description: `The story behind ${productName} and the coach who built it.`,
    href: '/member/about-me',
    external: false,
  },
];

/** The Unlock All Lectures card for free members (SPEC §2 /member/lectures). */
export const UNLOCK_LECTURES_BENEFITS = [
  '4 additional exclusive lectures',
  'All 12 member program sections',
  'Audio visualizations and drills',
  'SOS mental game emergencies',
  'Pre-round preparation materials',
] as const;

/**
 * The six content sections (SPEC §2): slug and subtitle. Their titles are the sections' names in
 * the catalogue (GET /api/member/sections/:slug), shown by the section page.
 */
export const MEMBER_SECTIONS = {
  'daily-drills': { subtitle: 'Daily practice routines and visualizations' },
  visualizations: { subtitle: 'Audio visualizations for peak mental performance on the course' },
  'tee-time': { subtitle: 'Mental preparation before you play' },
  'on-the-range': { subtitle: 'Turn range time into real-course confidence' },
  'swing-training': { subtitle: 'Train the swing so you can trust it under pressure' },
  'sos-drills': { subtitle: 'Emergency mental reset techniques' },
} as const;

export type MemberSectionSlug = keyof typeof MEMBER_SECTIONS;
