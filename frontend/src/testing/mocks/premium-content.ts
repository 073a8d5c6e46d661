/**
 * The content service's Premium reads (docs/API.md "content"): answers shaped like the real
 * ones, with short made-up texts. Texts name the product and founder with the placeholders
 * the service uses, so tests see them filled in.
 *
 *   server.use(guidedVisualizationsHandler());               // the four items
 *   server.use(memberPageHandler('faq', { entries: [...] })); // one page, own body
 *   server.use(memberPageHandler('faq', () => HttpResponse.json({...}, { status: 403 })));
 */
import type { GuidedVisualization, MemberPageSlug, MemberPages } from '@fm/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/handlers';

type Answer<T> = T | (() => Response | Promise<Response>);

/** Either the JSON body to answer, or a resolver that builds the whole response (an error, a delay...). */
const respond = (answer: object | (() => Response | Promise<Response>)) =>
  typeof answer === 'function' ? answer() : HttpResponse.json(answer);

export const unauthenticated = () =>
  HttpResponse.json({ message: 'Not logged in', code: 'UNAUTHENTICATED' }, { status: 401 });

export const premiumRequired = () =>
  HttpResponse.json(
    { message: 'This content is part of Premium membership.', code: 'PREMIUM_REQUIRED' },
    { status: 403 },
  );

const guided = (id: string, title: string): GuidedVisualization => ({
  id,
  title,
  description: `Rehearse the ${title.toLowerCase()} before you play it.`,
  guide: `Close your eyes. Picture the ${title.toLowerCase()}. Breathe out.`,
  audioUrl: `/media/guided/${id}.mp3`,
});

export const GUIDED_VISUALIZATIONS: GuidedVisualization[] = [
  guided('three-foot-pressure-putt', 'Three Foot Pressure Putt'),
  guided('chip-under-pressure', 'Chip Under Pressure'),
  guided('perfect-drive', 'Perfect Drive'),
  guided('bunker-shot', 'Bunker Shot'),
];

export const MEMBER_PAGES: MemberPages = {
  'crash-course': {
    videoUrl: 'https://www.youtube.com/watch?v=TestCrash01',
    paragraphs: ['Welcome to {productName}. Watch this first.', 'Then start the Daily Drills.'],
  },
  'more-talks': {
    talks: [
      {
        title: 'Pressure is an Opportunity',
        description: 'Turn first-tee nerves into focus.',
        videoUrl: 'https://www.youtube.com/shorts/TestTalk001',
      },
    ],
  },
  faq: {
    entries: [
      { question: 'What is {productName}?', answer: '{productName} is a mental game programme.' },
      { question: 'How do I get started?', answer: 'Open the crash course.' },
      { question: "What's the difference between Free and Premium?", answer: 'Premium unlocks everything.' },
      { question: 'How long until I see results?', answer: 'About 2-4 weeks.' },
      { question: 'Can I use it on my phone?', answer: 'Yes.' },
      { question: 'Do I need any special equipment?', answer: 'No.' },
    ],
  },
  'about-me': {
    paragraphs: ["I'm {founderNameWithoutTitle}, and I coach the mental game.", '{productName} is ten minutes a day.'],
    highlights: ['Former college golfer', 'Ten years of coaching'],
  },
};

/** GET /api/member/guided-visualizations answering `answer` (the four items by default). */
export function guidedVisualizationsHandler(answer: Answer<GuidedVisualization[]> = GUIDED_VISUALIZATIONS) {
  return http.get(apiUrl('member/guided-visualizations'), () => respond(answer));
}

/** GET /api/member/pages/<slug> answering `answer` (the page above by default, with its slug). */
export function memberPageHandler<S extends MemberPageSlug>(
  slug: S,
  answer: Answer<MemberPages[S]> = MEMBER_PAGES[slug],
) {
  return http.get(apiUrl(`member/pages/${slug}`), () =>
    respond(typeof answer === 'function' ? answer : { slug, ...answer }),
  );
}
