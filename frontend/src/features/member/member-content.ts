/**
 * Fixed texts of the member area (not served by the content service). A founder edits them
 * here; the product name and founder's name come from config/app-config.ts.
 */
import { appConfig } from '@/config/app-config';

const product = appConfig.productName;
const founder = appConfig.founderName;

export const CRASH_COURSE = {
  title: 'Start Here - Crash Course',
  subtitle: 'Your first 15 minutes in the mental game',
  /**
   * The founder's crash-course video (YouTube, Vimeo or a direct file URL). A placeholder id,
   * like the seeded catalogue's: replace it with the real upload.
   */
  videoUrl: 'https://www.youtube.com/watch?v=FmCrashCours',
  intro: [
    `Welcome to ${product}. Before you dive into the drills and visualizations, watch this short crash course. It explains how the programme fits together and how to get the most out of ten minutes a day.`,
    'You will learn the three pillars we train together: confidence (trusting the swing you already own), composure (staying calm when a round turns against you) and concentration (being fully present for the one shot in front of you).',
    'After the video, start with the Daily Drills for one week. Add a Visualization before each range session, and keep the SOS Drills in your back pocket for the moments on the course when nerves show up. Most members notice a difference within 2-4 weeks.',
  ],
} as const;

export const MORE_TALKS = {
  title: 'More Talks/Motivation',
  subtitle: 'Short talks to reset your mindset between rounds',
  talks: [
    {
      title: 'Pressure is an Opportunity',
      description:
        'Why the tight feeling on the first tee is a sign you care, and how to turn that energy into focus instead of fighting it.',
      /** Placeholder id of the founder's short; replace it with the real upload. */
      videoUrl: 'https://www.youtube.com/shorts/FmPressureOp',
    },
  ],
} as const;

export type FaqEntry = { question: string; answer: string };

/** The member FAQ: six questions (SPEC §2 /member/faq). */
export const MEMBER_FAQ: readonly FaqEntry[] = [
  {
    question: `What is ${product}?`,
    answer: `${product} is a mental game programme for golfers. Short video lessons, audio visualizations and practical drills train confidence, composure and concentration, using techniques from sport psychology and neuroscience, in about 10 minutes a day.`,
  },
  {
    question: 'How do I get started?',
    answer:
      'Open Start Here - Crash Course from the sidebar and watch the video. Then work through one Daily Drill each day for a week, and listen to a Visualization before you practise or play.',
  },
  {
    question: "What's the difference between Free and Premium?",
    answer:
      'Free members get the first lecture, the course tools and community access. Premium unlocks all five lectures, all 12 member programme sections, the audio visualizations, SOS drills, pre-round preparation materials, downloadable worksheets and priority support within 24 hours.',
  },
  {
    question: 'How long until I see results?',
    answer:
      'Most golfers notice calmer starts and better recovery from bad holes within 2-4 weeks of practising about 10 minutes a day. Like any skill, the mental game grows with repetition.',
  },
  {
    question: 'Can I use it on my phone?',
    answer:
      'Yes. Everything works in the browser on your phone, so you can listen to a visualization in the car park or review a drill between holes. Headphones help with the audio sessions.',
  },
  {
    question: 'Do I need any special equipment?',
    answer:
      'No. A quiet place for a few minutes and, for the audio sessions, a pair of headphones. The range and course drills use the clubs and balls you already have.',
  },
];

/** /member/about-me: the founder's biography. */
export const FOUNDER_BIO = {
  name: founder,
  role: `Founder and head coach, ${product}`,
  paragraphs: [
    `I'm ${founder.replace(/^Coach\s+/, '')}, and for most of my twenties I was the golfer who striped it on the range and fell apart on the first tee. I played college golf and two seasons on a regional mini-tour, and I can tell you exactly what it feels like to have the swing and lose the round anyway: tight grip, fast tempo, a head full of noise.`,
    "The turning point was not a new swing thought. It was learning how the brain handles pressure. I went back to school for a master's degree in sport and exercise psychology, and spent the next decade coaching the mental side of the game to juniors, college players and weekend golfers who simply wanted to enjoy their Saturday rounds again.",
    'What I saw, over and over, was that the same few skills make the difference: a repeatable pre-shot routine, breathing that settles the body, clear visualization of the shot you want, and a way to let go of the last hole before you reach the next tee. None of it takes hours. It takes ten focused minutes a day.',
    `${product} is those ten minutes, organised. Every drill, lecture and visualization here is something I have used with real golfers on real courses. My hope is simple: that you walk onto the first tee feeling calm, confident and ready, and that you enjoy this game as much as I do.`,
  ],
  highlights: [
    "Master's degree in sport and exercise psychology",
    'Former college golfer and mini-tour professional',
    'Over ten years coaching the mental game, from juniors to weekend golfers',
  ],
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
