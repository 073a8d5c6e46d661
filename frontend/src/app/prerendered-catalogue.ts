import type { AppStore } from '@/app/store';
import { getLessonsApi } from '@/features/lessons/api/get-lessons';
import { getMembershipTiersApi } from '@/features/membership-tiers/api/get-membership-tiers';
import { getTestimonialsApi } from '@/features/testimonials/api/get-testimonials';
import { api } from '@/lib/api';
import { buildUrl } from '@/lib/base-query';

type Entry = {
  tag: 'Lesson' | 'Testimonial' | 'MembershipTier';
  path: string;
  cached: (store: AppStore) => unknown;
  /** The answer as the endpoint keeps it (its transformResponse). */
  normalize?: (answer: unknown) => unknown;
};

const CATALOGUE: Entry[] = [
  {
    tag: 'Lesson',
    path: 'lessons',
    cached: (store) => getLessonsApi.endpoints.getLessons.select()(store.getState()).data,
    normalize: (answer) => (Array.isArray(answer) ? [...answer].sort((a, b) => a.order - b.order) : answer),
  },
  {
    tag: 'Testimonial',
    path: 'testimonials',
    cached: (store) => getTestimonialsApi.endpoints.getTestimonials.select()(store.getState()).data,
  },
  {
    tag: 'MembershipTier',
    path: 'membership-tiers',
    cached: (store) => getMembershipTiersApi.endpoints.getMembershipTiers.select()(store.getState()).data,
  },
];

/**
 * The catalogue URLs a prerendered page was rendered with (scripts/prerender.mjs writes the
 * SHA-256 of each answer into the page, so public/boot.js can tell when one has changed).
 */
export function prerenderedCatalogueUrls(store: AppStore): string[] {
  return CATALOGUE.filter(({ cached }) => cached(store) !== undefined).map(({ path }) => buildUrl(path));
}

/**
 * A prerendered page shows the catalogue as it was at the last prerender. Once the page is live
 * this asks for it again, quietly: only an answer that differs (a lesson renamed in the founder
 * console since) invalidates the cached one, which the page then fetches and shows. Unchanged
 * (the usual case), nothing re-renders.
 */
export async function refreshPrerenderedCatalogue(store: AppStore): Promise<void> {
  await Promise.all(
    CATALOGUE.map(async ({ tag, path, cached, normalize = (answer) => answer }) => {
      const shown = cached(store);
      if (shown === undefined) return;
      try {
        const response = await fetch(buildUrl(path), { credentials: 'include' });
        if (!response.ok) return;
        const fresh = normalize(await response.json());
        if (JSON.stringify(fresh) !== JSON.stringify(shown)) store.dispatch(api.util.invalidateTags([tag]));
      } catch {
        // Offline or the API is down: the page keeps what it shows.
      }
    }),
  );
}
