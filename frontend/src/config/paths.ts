/**
 * Every route of the SPA, once. Use `paths.x.path` in route definitions and
 * `paths.x.getHref(...)` in links and redirects; never write a route string by hand.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  about: { path: '/about', getHref: () => '/about' },
  contact: { path: '/contact', getHref: () => '/contact' },
  lessons: { path: '/lessons', getHref: () => '/lessons' },
  lesson: { path: '/lesson/:id', getHref: (id: string) => `/lesson/${encodeURIComponent(id)}` },
  membership: { path: '/membership', getHref: () => '/membership' },
  faq: { path: '/faq', getHref: () => '/faq' },
  coaching: { path: '/coaching', getHref: () => '/coaching' },
  login: { path: '/login', getHref: () => '/login' },
  signup: { path: '/signup', getHref: () => '/signup' },
  privacy: { path: '/privacy', getHref: (section?: string) => (section ? `/privacy#${section}` : '/privacy') },
  terms: { path: '/terms', getHref: (section?: string) => (section ? `/terms#${section}` : '/terms') },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: {
    path: '/reset-password',
    getHref: (token?: string) => (token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password'),
  },
  verifyEmail: {
    path: '/verify-email',
    getHref: (token?: string) => (token ? `/verify-email?token=${encodeURIComponent(token)}` : '/verify-email'),
  },
  newsletterUnsubscribe: {
    path: '/newsletter/unsubscribe',
    getHref: (token: string) => `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
  },
  remindersUnsubscribe: {
    path: '/reminders/unsubscribe',
    getHref: (token: string) => `/reminders/unsubscribe?token=${encodeURIComponent(token)}`,
  },
  trialCancel: { path: '/trial/cancel' },

  checkout: { path: '/checkout', getHref: () => '/checkout' },
  coachingCheckout: { path: '/coaching-checkout', getHref: () => '/coaching-checkout' },
  guidedVisualizations: { path: '/guided-visualizations', getHref: () => '/guided-visualizations' },

  member: {
    root: { path: '/member', getHref: () => '/member' },
    home: { path: '/member/home', getHref: () => '/member/home' },
    crashCourse: { path: '/member/crash-course', getHref: () => '/member/crash-course' },
    lectures: { path: '/member/lectures', getHref: () => '/member/lectures' },
    dailyDrills: { path: '/member/daily-drills', getHref: () => '/member/daily-drills' },
    visualizations: { path: '/member/visualizations', getHref: () => '/member/visualizations' },
    teeTime: { path: '/member/tee-time', getHref: () => '/member/tee-time' },
    onTheRange: { path: '/member/on-the-range', getHref: () => '/member/on-the-range' },
    swingTraining: { path: '/member/swing-training', getHref: () => '/member/swing-training' },
    sosDrills: { path: '/member/sos-drills', getHref: () => '/member/sos-drills' },
    moreStuff: { path: '/member/more-stuff', getHref: () => '/member/more-stuff' },
    moreTalks: { path: '/member/more-talks', getHref: () => '/member/more-talks' },
    faq: { path: '/member/faq', getHref: () => '/member/faq' },
    aboutMe: { path: '/member/about-me', getHref: () => '/member/about-me' },
    golfAi: { path: '/member/golf-ai', getHref: () => '/member/golf-ai' },
    forum: { path: '/member/forum', getHref: () => '/member/forum' },
    account: {
      path: '/member/account',
      getHref: (query?: { payment?: 'success'; coaching?: 'success' }) => {
        const search = new URLSearchParams(query as Record<string, string> | undefined).toString();
        return search ? `/member/account?${search}` : '/member/account';
      },
    },
    myCourses: { path: '/member/my-courses', getHref: () => '/member/my-courses' },
    courseBuilder: { path: '/member/course-builder', getHref: () => '/member/course-builder' },
    coursePlayer: {
      path: '/member/course-player/:id',
      getHref: (id: string) => `/member/course-player/${encodeURIComponent(id)}`,
    },
  },

  /**
   * The founder console (admins only; src/app/routes/admin). Its own pages are in
   * features/admin/paths.ts: only the console links to them, and this file is in every page's
   * entry chunk (the bundle budget).
   */
  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
  },

  /** Server route (auth service answers 302 → /login); navigate with window.location, not the router. */
  apiLogin: { path: '/api/login', getHref: () => '/api/login' },
} as const;
