/**
 * Fixed labels of the member area: page titles and subtitles, the More Stuff cards, the Unlock
 * card's benefits. Premium content (the crash-course video and intro, the talks, the member
 * FAQ, the founder's biography, the guided visualizations, the sections) is not here: the
 * content service serves it to Premium members only (docs/API.md), so it never ships in the
 * public JavaScript (frontend/scripts/check-no-premium.mjs). The product name and founder's
 * name come from config/app-config.ts.
 */
import { appConfig } from '@/config/app-config';

const product = appConfig.productName;
const founder = appConfig.founderName;

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
  role: `Founder and head coach, ${product}`,
} as const;

export type MoreStuffCard = {
  id: string;
  title: string;
  description: string;
  href: string;
  external: boolean;
};

/** /member/more-stuff: its seven cards (SPEC §2). */
export const MORE_STUFF_CARDS: readonly MoreStuffCard[] = [
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
    description: `${product} hats, towels and ball markers to carry the routine with you.`,
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
    description: `A private 45-minute session with ${founder} to build your personal mental game plan.`,
    href: '/coaching',
    external: false,
  },
  {
    id: 'about-me',
    title: 'About Me',
    description: `The story behind ${product} and the coach who built it.`,
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

/** The six content sections (SPEC §2): slug, page title and subtitle. */
export const MEMBER_SECTIONS = {
  'daily-drills': { title: 'Daily Drills', subtitle: 'Daily practice routines and visualizations' },
  visualizations: {
    title: 'Visualizations',
    subtitle: 'Audio visualizations for peak mental performance on the course',
  },
  'tee-time': { title: 'Tee Time', subtitle: 'Mental preparation before you play' },
  'on-the-range': { title: 'On the Range Drills', subtitle: 'Turn range time into real-course confidence' },
  'swing-training': {
    title: 'Swing Training Recommendations',
    subtitle: 'Train the swing so you can trust it under pressure',
  },
  'sos-drills': { title: 'SOS Drills', subtitle: 'Emergency mental reset techniques' },
} as const;

export type MemberSectionSlug = keyof typeof MEMBER_SECTIONS;
