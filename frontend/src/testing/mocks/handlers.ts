import type { User } from '@fm/contracts';
import { http, HttpResponse } from 'msw';
import type { SiteConfig } from '@fm/contracts';
import {
  buildLesson,
  buildLockedLesson,
  buildSiteConfig,
  buildTestimonial,
  freeTier,
  premiumTier,
} from '@/testing/data';

/** `*\/api/<path>`: matches the API whatever origin the test page has. */
export const apiUrl = (path: string) => `*/api/${path.replace(/^\/+/, '')}`;

/** GET /api/auth/user answering `user`, or 401 for a visitor. */
export function currentUserHandler(user: User | null) {
  return http.get(apiUrl('auth/user'), () =>
    user
      ? HttpResponse.json(user)
      : HttpResponse.json({ message: 'Not logged in', code: 'UNAUTHENTICATED' }, { status: 401 }),
  );
}

/**
 * A gate for an answer the test holds back until it calls `open()`: the handler awaits
 * `opened`, so the test can assert a loading state while the request is surely in flight
 * (a wall-clock `delay` races the render on a busy machine). Once open it stays open.
 *
 *   const gate = answerGate();
 *   server.use(http.get(apiUrl('lessons'), async () => { await gate.opened; return HttpResponse.json([]); }));
 *   expect(await screen.findAllByTestId('lesson-skeleton')).toHaveLength(6);
 *   gate.open();
 */
export function answerGate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** GET /api/config answering the default site config with `overrides` (e.g. another price). */
export function siteConfigHandler(overrides: Partial<SiteConfig> = {}) {
  return http.get(apiUrl('config'), () => HttpResponse.json(buildSiteConfig(overrides)));
}

/**
 * Defaults every test starts from: a visitor, the site config (buildSiteConfig), the public catalogue (3 testimonials,
 * 2 tiers, 1 free + 1 locked lesson), and no subscription, invoices, coaching bookings, open coaching times or contact messages. Override per test with `server.use(...)`; any other
 * request fails the test (onUnhandledRequest: 'error').
 */
export const defaultHandlers = [
  currentUserHandler(null),
  siteConfigHandler(),
  http.get(apiUrl('testimonials'), () =>
    HttpResponse.json([
      buildTestimonial({ id: 't1', name: 'Mark Thompson', location: 'Scottsdale, AZ' }),
      buildTestimonial({ id: 't2', name: 'Sarah Kim', location: 'Austin, TX' }),
      buildTestimonial({ id: 't3', name: 'David Reyes', location: 'San Diego, CA' }),
    ]),
  ),
  http.get(apiUrl('membership-tiers'), () => HttpResponse.json([freeTier(), premiumTier()])),
  // The account page's billing parts for a member who never paid.
  http.get(apiUrl('billing/subscription'), () =>
    HttpResponse.json({ status: 'none', cancelAtPeriodEnd: false, currentPeriodEnd: null, plan: null }),
  ),
  http.get(apiUrl('billing/invoices'), () => HttpResponse.json([])),
  http.get(apiUrl('billing/guarantee'), () =>
    HttpResponse.json({ eligible: false, deadline: null, reason: 'not-premium' }),
  ),
  http.get(apiUrl('billing/bookings'), () => HttpResponse.json([])),
  // The coaching checkout's open times: the founder has set no hours yet.
  http.get(apiUrl('coaching/slots'), () => HttpResponse.json({ timeZone: 'UTC', slotMinutes: 45, slots: [] })),
  // The Premium worksheets (member home, section pages): none.
  http.get(apiUrl('member/worksheets'), () => HttpResponse.json([])),
  // The account page's "Your messages": none written yet.
  http.get(apiUrl('contact/mine'), () => HttpResponse.json({ items: [] })),
  // Member home's "New this month": nothing new.
  http.get(apiUrl('member/whats-new'), () => HttpResponse.json([])),
  http.get(apiUrl('lessons'), () =>
    HttpResponse.json([
      buildLesson({ id: 'l1' }),
      buildLockedLesson({ id: 'l2', title: 'The Reset Breath', order: 2 }),
    ]),
  ),
  // Practice (docs/API.md "practice"): a member who has not practised yet.
  ...practiceDefaultHandlers(),
];

/** The practice service for a member who never practised: no progress, nothing to resume, an empty plan. */
export function practiceDefaultHandlers() {
  const settings = { timeZone: 'UTC', reminder: { enabled: false, time: '19:00' } };
  return [
    http.get(apiUrl('member/sections'), () => HttpResponse.json([])),
    http.get(apiUrl('practice/progress'), () => HttpResponse.json([])),
    http.get(apiUrl('practice/resume'), () => new HttpResponse(null, { status: 204 })),
    http.get(apiUrl('practice/today'), () =>
      HttpResponse.json({ date: '2026-11-27', items: [], minutesDone: 0, goalMinutes: 10 }),
    ),
    http.get(apiUrl('practice/stats'), () =>
      HttpResponse.json({ streak: 0, freezesLeft: 2, totalMinutes: 0, days: [] }),
    ),
    http.get(apiUrl('practice/settings'), () => HttpResponse.json(settings)),
    http.patch(apiUrl('practice/settings'), async ({ request }) =>
      HttpResponse.json({ ...settings, ...((await request.json()) as object) }),
    ),
    http.post(apiUrl('practice/heartbeats'), () => HttpResponse.json({ creditedSec: 0 })),
  ];
}
