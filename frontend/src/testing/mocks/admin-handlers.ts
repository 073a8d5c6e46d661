/**
 * The founder console's API (`/api/admin/…`) over in-memory records the test can read and change:
 * lists filter and page like the server (newest first is the order given), PATCHes change the
 * record and are logged with their bodies in `state.patches` (replies: `state.posts`). `failNext` answers the next PATCH
 * of a path with a given status and message instead.
 */
import { http, HttpResponse } from 'msw';
import type {
  AdminBooking,
  AdminContactMessage,
  AdminLecture,
  AdminLesson,
  AdminMember,
  AdminSectionItem,
  AdminTestimonial,
  AdminTier,
  AuditEntry,
  CatalogueThisMonth,
  ContactPromise,
  PracticeAdminMember,
  PracticeAdminSummary,
} from '@fm/contracts';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

/** The gateway's answer when a service is down (gateway/nginx.conf.template `@fm_unavailable`). */
const GATEWAY_UNAVAILABLE = {
  message: 'Service temporarily unavailable, please try again shortly',
  code: 'UNAVAILABLE',
};

export type AdminState = {
  members: AdminMember[];
  bookings: AdminBooking[];
  messages: AdminContactMessage[];
  lessons: AdminLesson[];
  lectures: AdminLecture[];
  testimonials: AdminTestimonial[];
  tiers: AdminTier[];
  sectionItems: AdminSectionItem[];
  audit: AuditEntry[];
  promise: ContactPromise;
  /** GET /api/admin/catalogue/this-month; an added section item joins it. */
  thisMonth: CatalogueThisMonth;
  /** The practice service's console figures: the summary, each member's totals (by id; others never practised). */
  practice: { summary: PracticeAdminSummary; members: Record<string, PracticeAdminMember>; down: boolean };
  /** Every POST's path and body (replies). */
  posts: { path: string; body: unknown }[];
  /** Every GET's query, by list ("members" → [{q, page, pageSize}, …]). */
  queries: Record<string, Record<string, string>[]>;
  patches: { path: string; body: unknown }[];
  failNext: { path: string; status: number; message: string } | null;
};

const record = {
  managedBy: 'seed' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const buildAdminMember = (o: Partial<AdminMember> = {}): AdminMember => ({
  id: 'm1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  membershipLevel: 'premium',
  role: 'member',
  createdAt: '2026-02-01T00:00:00.000Z',
  ...o,
});

export const buildAdminBooking = (o: Partial<AdminBooking> = {}): AdminBooking => ({
  id: 'b1',
  memberId: 'm1',
  memberEmail: 'ada@example.com',
  memberName: 'Ada Lovelace',
  status: 'paid',
  amountCents: 10000,
  currency: 'usd',
  createdAt: '2026-02-02T00:00:00.000Z',
  scheduledAt: null,
  note: null,
  ...o,
});

export const buildAdminMessage = (o: Partial<AdminContactMessage> = {}): AdminContactMessage => ({
  id: 'c1',
  name: 'Sam Snead',
  email: 'sam@example.com',
  message: 'Do you coach juniors?',
  createdAt: '2026-02-03T00:00:00.000Z',
  handled: false,
  // A member's message (signed in, their account's verified address) unless the level says visitor.
  memberId: o.level === 'visitor' ? null : 'member-sam',
  emailVerified: o.level === 'visitor' ? null : true,
  typedName: null,
  typedEmail: null,
  level: 'free',
  dueAt: '2026-02-06T00:00:00.000Z',
  repliedAt: null,
  replies: [],
  ...o,
});

export const buildContactPromise = (o: Partial<ContactPromise> = {}): ContactPromise => ({
  days: 30,
  since: '2026-01-04T00:00:00.000Z',
  premium: { hours: 24, counted: 12, onTime: 11, share: 11 / 12, pending: 1 },
  free: { hours: 72, counted: 4, onTime: 4, share: 1, pending: 0 },
  visitor: { hours: 72, counted: 0, onTime: 0, share: null, pending: 2 },
  ...o,
});

export const buildAdminLesson = (o: Partial<AdminLesson> = {}): AdminLesson => ({
  ...record,
  id: 'l1',
  title: 'The Pre-Shot Routine',
  description: 'Build a routine you trust.',
  videoUrl: 'https://www.youtube.com/watch?v=abc123',
  videoType: 'youtube',
  audioUrl: null,
  duration: '12 min',
  isFree: true,
  order: 1,
  category: 'confidence',
  publishedAt: '2025-09-01T09:00:00.000Z',
  ...o,
});

export const buildAdminTier = (o: Partial<AdminTier> = {}): AdminTier => ({
  ...record,
  id: 'tier-premium',
  name: 'Premium',
  price: '$19.99',
  priceFromConfig: true,
  features: ['Everything'],
  isFeatured: true,
  order: 2,
  ...o,
});

function page<T>(items: T[], url: URL) {
  const pageNo = Number(url.searchParams.get('page') ?? '1');
  const size = Number(url.searchParams.get('pageSize') ?? '20');
  return { items: items.slice((pageNo - 1) * size, pageNo * size), total: items.length };
}

export function serveAdmin(initial: Partial<Omit<AdminState, 'queries' | 'patches' | 'posts' | 'failNext'>> = {}) {
  const state: AdminState = {
    members: [],
    bookings: [],
    messages: [],
    lessons: [],
    lectures: [],
    testimonials: [],
    tiers: [],
    sectionItems: [],
    audit: [],
    promise: buildContactPromise(),
    thisMonth: { month: '2026-02', added: [] },
    practice: {
      summary: { activeMembers: 0, minutesThisWeek: 0, readMinutesThisWeek: 0, weekStart: '2026-02-09' },
      members: {},
      down: false,
    },
    ...initial,
    queries: {},
    patches: [],
    posts: [],
    failNext: null,
  };
  const seen = (list: string, url: URL) => {
    (state.queries[list] ??= []).push(Object.fromEntries(url.searchParams));
  };
  const failure = (path: string) => {
    if (state.failNext?.path !== path) return null;
    const { status, message } = state.failNext;
    state.failNext = null;
    return HttpResponse.json({ message, code: status === 409 ? 'CONFLICT' : 'VALIDATION_ERROR' }, { status });
  };
  function patchOf<T extends { id: string }>(list: () => T[], path: string, name: string) {
    return http.patch(apiUrl(`${path}/:id`), async ({ request, params }) => {
      const body = (await request.json()) as Partial<T>;
      const fullPath = `${path}/${String(params.id)}`;
      state.patches.push({ path: fullPath, body });
      const failed = failure(fullPath);
      if (failed) return failed;
      const item = list().find((x) => x.id === params.id);
      if (!item) return HttpResponse.json({ message: `Unknown ${name}` }, { status: 404 });
      Object.assign(item, body);
      return HttpResponse.json(item);
    });
  }

  const handlers = [
    http.get(apiUrl('admin/members'), ({ request }) => {
      const url = new URL(request.url);
      seen('members', url);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const hits = state.members.filter((m) =>
        q
          .split(/\s+/)
          .every((w) => [m.email, m.firstName ?? '', m.lastName ?? ''].some((f) => f.toLowerCase().includes(w))),
      );
      return HttpResponse.json(page(hits, url));
    }),
    http.get(apiUrl('admin/bookings'), ({ request }) => {
      const url = new URL(request.url);
      seen('bookings', url);
      const status = url.searchParams.get('status');
      return HttpResponse.json(
        page(
          state.bookings.filter((b) => !status || b.status === status),
          url,
        ),
      );
    }),
    http.patch(apiUrl('admin/bookings/:id'), async ({ request, params }) => {
      const body = (await request.json()) as { status?: string; scheduledAt?: string; note?: string | null };
      const path = `admin/bookings/${String(params.id)}`;
      state.patches.push({ path, body });
      const failed = failure(path);
      if (failed) return failed;
      const booking = state.bookings.find((b) => b.id === params.id);
      if (!booking) return HttpResponse.json({ message: 'Unknown booking' }, { status: 404 });
      if (body.scheduledAt) Object.assign(booking, { scheduledAt: body.scheduledAt, status: 'scheduled' });
      if (body.status) booking.status = body.status as AdminBooking['status'];
      if (body.note !== undefined) booking.note = body.note;
      return HttpResponse.json(booking);
    }),
    http.get(apiUrl('admin/contact-messages'), ({ request }) => {
      const url = new URL(request.url);
      seen('messages', url);
      const handled = url.searchParams.get('handled');
      const words = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const shown = state.messages.filter(
        (m) =>
          (handled === null || String(m.handled) === handled) &&
          words.every((w) => [m.name, m.email, m.message].some((f) => f.toLowerCase().includes(w))),
      );
      if (url.searchParams.get('sort') === 'due') shown.sort((a, b) => a.dueAt.localeCompare(b.dueAt));
      return HttpResponse.json(page(shown, url));
    }),
    http.get(apiUrl('admin/contact-messages/promise'), () => HttpResponse.json(state.promise)),
    http.post(apiUrl('admin/contact-messages/:id/reply'), async ({ request, params }) => {
      const body = (await request.json()) as { text: string };
      const fullPath = `admin/contact-messages/${String(params.id)}/reply`;
      state.posts.push({ path: fullPath, body });
      const failed = failure(fullPath);
      if (failed) return failed;
      const message = state.messages.find((m) => m.id === params.id);
      if (!message) return HttpResponse.json({ message: 'Message not found' }, { status: 404 });
      const reply = { id: `r${state.posts.length}`, text: body.text, createdAt: '2026-02-03T10:00:00.000Z' };
      Object.assign(message, {
        handled: true,
        repliedAt: message.repliedAt ?? reply.createdAt,
        replies: [...message.replies, reply],
      });
      return HttpResponse.json(reply, { status: 201 });
    }),
    patchOf(() => state.messages, 'admin/contact-messages', 'message'),
    http.get(apiUrl('admin/lessons'), ({ request }) => HttpResponse.json(page(state.lessons, new URL(request.url)))),
    patchOf(() => state.lessons, 'admin/lessons', 'lesson'),
    http.get(apiUrl('admin/lectures'), ({ request }) => HttpResponse.json(page(state.lectures, new URL(request.url)))),
    patchOf(() => state.lectures, 'admin/lectures', 'lecture'),
    http.get(apiUrl('admin/testimonials'), ({ request }) =>
      HttpResponse.json(page(state.testimonials, new URL(request.url))),
    ),
    patchOf(() => state.testimonials, 'admin/testimonials', 'testimonial'),
    http.get(apiUrl('admin/tiers'), ({ request }) => HttpResponse.json(page(state.tiers, new URL(request.url)))),
    patchOf(() => state.tiers, 'admin/tiers', 'tier'),
    http.get(apiUrl('admin/sections/:slug/content'), ({ request, params }) =>
      HttpResponse.json(
        page(
          state.sectionItems.filter((i) => i.sectionSlug === params.slug),
          new URL(request.url),
        ),
      ),
    ),
    http.get(apiUrl('admin/audit'), ({ request }) => HttpResponse.json(page(state.audit, new URL(request.url)))),
    http.get(apiUrl('admin/catalogue/this-month'), () => HttpResponse.json(state.thisMonth)),
    // The gateway's answer when the practice service is down (`down`).
    http.get(apiUrl('admin/practice/summary'), () =>
      state.practice.down
        ? HttpResponse.json(GATEWAY_UNAVAILABLE, { status: 503 })
        : HttpResponse.json(state.practice.summary),
    ),
    http.get(apiUrl('admin/practice/members/:id'), ({ params }) =>
      state.practice.down
        ? HttpResponse.json(GATEWAY_UNAVAILABLE, { status: 503 })
        : HttpResponse.json(
            state.practice.members[String(params.id)] ?? {
              memberId: String(params.id),
              totalMinutes: 0,
              readMinutes: 0,
              minutesLast7Days: 0,
              daysPractisedLast7: 0,
              streak: 0,
              completedItems: 0,
              lastPractisedAt: null,
            },
          ),
    ),
    http.post(apiUrl('admin/sections/:slug/content'), async ({ request, params }) => {
      const body = (await request.json()) as Partial<AdminSectionItem>;
      const path = `admin/sections/${String(params.slug)}/content`;
      state.posts.push({ path, body });
      const failed = failure(path);
      if (failed) return failed;
      const item: AdminSectionItem = {
        ...record,
        id: `new-${state.posts.length}`,
        managedBy: 'admin',
        sectionId: 'sec-1',
        sectionSlug: String(params.slug),
        title: '',
        description: null,
        contentType: 'text',
        videoUrl: null,
        videoType: null,
        audioUrl: null,
        textContent: null,
        duration: null,
        order: 99,
        publishedAt: '2026-02-10T10:00:00.000Z',
        ...body,
      };
      state.sectionItems.push(item);
      state.thisMonth = {
        ...state.thisMonth,
        warning: undefined,
        added: [
          {
            kind: 'item',
            id: item.id,
            title: item.title,
            sectionSlug: item.sectionSlug,
            publishedAt: item.publishedAt,
          },
          ...state.thisMonth.added,
        ],
      };
      return HttpResponse.json(item, { status: 201 });
    }),
  ];
  server.use(...handlers);
  return state;
}
