/**
 * The texts and videos of the Premium member pages that are not sections: the crash course,
 * the motivational talks, the member FAQ and the founder's biography. Page titles and
 * subtitles stay in the frontend (they are labels, not content); everything a page shows
 * below its title comes from here, through GET /api/member/pages/:slug (Premium only).
 *
 * Texts may name the product and the founder as `{productName}` and `{founderNameWithoutTitle}`
 * ("Alex Reid" of "Coach Alex Reid"): the route fills them in from PRODUCT_NAME and FOUNDER_NAME,
 * the one place for those names (domain/site-facts.ts). Video URLs are YouTube, Vimeo or direct
 * file URLs; the ids below are placeholders like the seeded catalogue's: replace them with the
 * real uploads.
 */
import { type MemberPages, type MemberPageSlug, SUPPORT_REPLY_HOURS } from '@fm/contracts';

export const MEMBER_PAGES: Readonly<MemberPages> = {
  /** /member/crash-course: one embedded video and intro text. */
  'crash-course': {
    videoUrl: 'https://www.youtube.com/watch?v=FmCrashCours',
    paragraphs: [
      'Welcome to {productName}. Before you dive into the drills and visualizations, watch this short crash course. It explains how the programme fits together and how to get the most out of ten minutes a day.',
      'You will learn the three pillars we train together: confidence (trusting the swing you already own), composure (staying calm when a round turns against you) and concentration (being fully present for the one shot in front of you).',
      'After the video, start with the Daily Drills for one week. Add a Visualization before each range session, and keep the SOS Drills in your back pocket for the moments on the course when nerves show up. Most members notice a difference within 2-4 weeks.',
    ],
  },
  /** /member/more-talks: one short video, Pressure is an Opportunity. */
  'more-talks': {
    talks: [
      {
        title: 'Pressure is an Opportunity',
        description:
          'Why the tight feeling on the first tee is a sign you care, and how to turn that energy into focus instead of fighting it.',
        videoUrl: 'https://www.youtube.com/shorts/FmPressureOp',
      },
    ],
  },
  /** /member/faq: six questions (what it is, how to start, Free vs Premium, results, mobile, equipment). */
  faq: {
    entries: [
      {
        question: 'What is {productName}?',
        answer:
          '{productName} is a mental game programme for golfers. Short video lessons, audio visualizations and practical drills train confidence, composure and concentration, using techniques from sport psychology and neuroscience, in about 10 minutes a day.',
      },
      {
        question: 'How do I get started?',
        answer:
          'Open Start Here - Crash Course from the sidebar and watch the video. Then work through one Daily Drill each day for a week, and listen to a Visualization before you practise or play.',
      },
      {
        question: "What's the difference between Free and Premium?",
        answer: `Free members get the first lecture, the course tools and community access. Premium unlocks all five lectures, all 12 member programme sections, the audio visualizations, SOS drills, pre-round preparation materials, downloadable worksheets and priority support within ${SUPPORT_REPLY_HOURS.premium} hours.`,
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
    ],
  },
  /** /member/about-me: the founder's biography. */
  'about-me': {
    paragraphs: [
      "I'm {founderNameWithoutTitle}, and for most of my twenties I was the golfer who striped it on the range and fell apart on the first tee. I played college golf and two seasons on a regional mini-tour, and I can tell you exactly what it feels like to have the swing and lose the round anyway: tight grip, fast tempo, a head full of noise.",
      "The turning point was not a new swing thought. It was learning how the brain handles pressure. I went back to school for a master's degree in sport and exercise psychology, and spent the next decade coaching the mental side of the game to juniors, college players and weekend golfers who simply wanted to enjoy their Saturday rounds again.",
      'What I saw, over and over, was that the same few skills make the difference: a repeatable pre-shot routine, breathing that settles the body, clear visualization of the shot you want, and a way to let go of the last hole before you reach the next tee. None of it takes hours. It takes ten focused minutes a day.',
      '{productName} is those ten minutes, organised. Every drill, lecture and visualization here is something I have used with real golfers on real courses. My hope is simple: that you walk onto the first tee feeling calm, confident and ready, and that you enjoy this game as much as I do.',
    ],
    highlights: [
      "Master's degree in sport and exercise psychology",
      'Former college golfer and mini-tour professional',
      'Over ten years coaching the mental game, from juniors to weekend golfers',
    ],
  },
};

/** The page for a slug from a URL; undefined for anything else (inherited keys included). */
export function memberPage(slug: string): MemberPages[MemberPageSlug] | undefined {
  return Object.hasOwn(MEMBER_PAGES, slug) ? MEMBER_PAGES[slug as MemberPageSlug] : undefined;
}
