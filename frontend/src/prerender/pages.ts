/**
 * The prerendered public pages (issue 15): path, file under dist/_prerendered, the module that
 * renders it (its chunks are preloaded) and the search/social description. The gateway serves
 * dist/_prerendered/<path>.html for a path when the file exists (gateway/nginx.conf.template).
 */
export type PrerenderedPage = {
  path: string;
  file: string;
  module: string;
  description: string;
  /** Listed in sitemap.xml (the 404 page is not). */
  inSitemap: boolean;
};

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  {
    path: '/',
    file: 'index.html',
    module: 'src/app/routes/landing.tsx',
    description:
      'Master the mental game of golf: confidence, composure and concentration in 10 minutes a day. Your first lesson is free.',
    inSitemap: true,
  },
  {
    path: '/about',
    file: 'about.html',
    module: 'src/app/routes/about.tsx',
    description:
      'Why we teach the mental game of golf, who coaches it, and how short daily sessions build confidence under pressure.',
    inSitemap: true,
  },
  {
    path: '/membership',
    file: 'membership.html',
    module: 'src/app/routes/membership.tsx',
    description:
      'Free and Premium membership compared: the free lesson for everyone, the full lesson library and member area with Premium.',
    inSitemap: true,
  },
  {
    path: '/coaching',
    file: 'coaching.html',
    module: 'src/app/routes/coaching.tsx',
    description:
      'Book a one-on-one mental game coaching session by video call: a plan for your pre-shot routine, nerves and focus.',
    inSitemap: true,
  },
  {
    path: '/contact',
    file: 'contact.html',
    module: 'src/app/routes/contact.tsx',
    description: 'Questions about lessons, membership or coaching? Send us a message and we will answer by email.',
    inSitemap: true,
  },
  {
    path: '/lessons',
    file: 'lessons.html',
    module: 'src/app/routes/lessons.tsx',
    description:
      'Short video lessons on the mental game of golf, 8 to 15 minutes each. Start with the free lessons, unlock the library with Premium.',
    inSitemap: true,
  },
  {
    path: '/login',
    file: 'login.html',
    module: 'src/app/routes/login.tsx',
    description: 'Log in to your member area: lessons, guided visualizations, your courses and your account.',
    inSitemap: true,
  },
  {
    path: '/signup',
    file: 'signup.html',
    module: 'src/app/routes/signup.tsx',
    description: 'Create your free account and watch the first mental game lesson today. No credit card required.',
    inSitemap: true,
  },
  {
    path: '/privacy',
    file: 'privacy.html',
    module: 'src/app/routes/privacy.tsx',
    description:
      'What we keep about you and why, for how long, who processes it, cookies, and how to export or delete your data.',
    inSitemap: true,
  },
  {
    path: '/terms',
    file: 'terms.html',
    module: 'src/app/routes/terms.tsx',
    description:
      'The terms of Free and Premium membership and coaching: billing, cancelling, the 30-day money-back guarantee and support.',
    inSitemap: true,
  },
  {
    path: '/404',
    file: '404.html',
    module: 'src/app/routes/not-found.tsx',
    description: 'This page does not exist. Find the mental game lessons, membership and coaching from the home page.',
    inSitemap: false,
  },
];

/** The lesson pages (/lesson/<id>), one per public lesson. */
export const LESSON_PAGE_MODULE = 'src/app/routes/lesson.tsx';
export const lessonPageFile = (id: string) => `lesson/${id}.html`;
