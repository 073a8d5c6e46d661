/// <reference lib="webworker" />
/**
 * The course player's service worker (issue 31 §1 "Ready for the course"). Registered by the
 * player's code only (features/courses/offline/player-service-worker.ts) with the scope
 * /member/course-player/: it controls the player and nothing else of the site.
 *
 * - The app shell (index.html) and the player's code are precached (Workbox; the list is the
 *   player's chunks, computed at build time: vite.config.ts). Navigations ask the network first
 *   and fall back to the shell only without one, so a member page is never served stale.
 * - API answers: the network; without one, the answer "Ready for the course" stored for the member.
 * - Club clips (static): from the device when stored, Range requests answered from the full file.
 * - Premium files (nginx auth_request): the network first, so the server decides whenever it can;
 *   a refusal (401/403) deletes the stored copy; without a network, the stored copy.
 * - The access rule on every network answer of GET /api/auth/user (lib/offline-storage.ts, the
 *   app's too): signed out → every member's stored data goes; free → the Premium cache goes;
 *   another member → that member's caches go. Stored answers come only from the caches of the
 *   member that answer named last (none known: no stored answer, and the player asks to sign in).
 * - Updates: a new version waits until the page asks it to take over ("New version available").
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  applyOfflineAccessRule,
  isPremiumMediaPath,
  offlineCacheName,
  parseOfflineCacheName,
  signedInMember,
  viewerFromAnswer,
  type OfflineCacheKind,
} from '@/lib/offline-storage';

declare const self: ServiceWorkerGlobalScope;

/** How long the network may take before the stored copy answers (a course's weak signal). */
const NAVIGATION_TIMEOUT_MS = 4000;
const API_TIMEOUT_MS = 6000;
const MEDIA_TIMEOUT_MS = 6000;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open player at once (a member who just made a course ready can go
// offline without a reload); a later one waits for the page's "Reload" (SKIP_WAITING).
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/**
 * The network's answer; when it fails, or has not come within `ms` (a course's weak signal), the
 * stored one if there is one. Without a stored one the network is waited for as long as it takes
 * (a slow export from a page opened through the player must not fail at the timeout).
 */
async function networkOrStored(
  request: Request,
  ms: number,
  stored: () => Promise<Response | undefined>,
): Promise<{ response: Response; fromDevice: boolean }> {
  const network = fetch(request);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const first = await Promise.race([network.catch(() => 'failed' as const), late]);
  clearTimeout(timer);
  if (first instanceof Response) return { response: first, fromDevice: false };
  const kept = await stored();
  return kept ? { response: kept, fromDevice: true } : { response: await network, fromDevice: false };
}

async function memberCaches(kind: OfflineCacheKind): Promise<string[]> {
  return (await caches.keys()).filter((name) => parseOfflineCacheName(name)?.kind === kind);
}

/**
 * The stored answer for this address in the signed-in member's cache of `kind`: never another
 * member's, and none when no member is known (signed out elsewhere, the rule not yet applied).
 */
async function matchStored(url: string, kind: OfflineCacheKind): Promise<Response | undefined> {
  const memberId = await signedInMember(caches);
  if (!memberId) return undefined;
  // Through CacheStorage.match: opening a cache the access rule is deleting would create it again.
  return caches.match(url, { cacheName: offlineCacheName(memberId, kind), ignoreVary: true });
}

async function forget(url: string, kind: OfflineCacheKind): Promise<void> {
  for (const name of await memberCaches(kind)) await (await caches.open(name)).delete(url);
}

/** A stored file answers a Range request (an <audio> element's) with the part asked for. */
function answerFromFile(request: Request, stored: Response): Promise<Response> | Response {
  return request.headers.has('range') ? createPartialResponse(request, stored) : stored;
}

async function accessRuleFrom(response: Response): Promise<void> {
  const body: unknown = response.ok ? await response.json().catch(() => null) : null;
  const viewer = viewerFromAnswer(response.status, body);
  if (viewer !== undefined) await applyOfflineAccessRule(viewer);
}

// A new version asks who is signed in while it installs (it installs with a network): a device whose
// member signed out elsewhere loses their data even if the player is next opened offline.
self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch('/api/auth/user', { credentials: 'same-origin', cache: 'no-store' })
      .then(accessRuleFrom)
      .catch(() => undefined),
  );
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  new NavigationRoute(
    async ({ request }) =>
      (await networkOrStored(request, NAVIGATION_TIMEOUT_MS, () => matchPrecache('/index.html'))).response,
  ),
);

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/api/'),
  async ({ request, url, event }) => {
    const { response, fromDevice } = await networkOrStored(
      request,
      API_TIMEOUT_MS,
      async () => (await matchStored(url.href, 'data')) ?? (await matchStored(url.href, 'premium')),
    );
    // Only the network's answers say who is signed in now (a stored copy says who was).
    if (url.pathname === '/api/auth/user' && !fromDevice) {
      (event as ExtendableEvent).waitUntil(accessRuleFrom(response.clone()));
    }
    return response;
  },
);

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/media/'),
  async ({ request, url }) => {
    if (isPremiumMediaPath(url.pathname)) {
      const { response, fromDevice } = await networkOrStored(request, MEDIA_TIMEOUT_MS, () =>
        matchStored(url.href, 'premium'),
      );
      if (fromDevice) return answerFromFile(request, response);
      if (response.status === 401 || response.status === 403) await forget(url.href, 'premium');
      return response;
    }
    const stored = await matchStored(url.href, 'media');
    return stored ? answerFromFile(request, stored) : fetch(request);
  },
);
