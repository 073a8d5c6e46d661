import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { withEmotionCache } from '@emotion/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from '@/testing/mocks/server';
import { installMatchMedia, resetViewport } from '@/testing/viewport';

/*
 * The suite runs its files with `isolate: false` (vite.config.ts): the files a worker runs share one
 * jsdom window and one module graph, and this setup file runs again before each of them. So what a
 * file can leave behind in the window or in a shared module is put back here, before and after each
 * file, to what a fresh window has: the msw handlers, storage and cookies, the document's title and
 * <html>/<body> attributes, stubbed globals and env, fake timers, what a test defined on navigator or
 * document (sendBeacon, visibilityState) or assigned on URL (createObjectURL), and Emotion's styles:
 * MUI's default Emotion cache lives as long as the worker and writes one <style> per rule into
 * <head>; left to grow over the files (~1,700 rules after four), every getComputedStyle (each
 * getByRole, toBeVisible) walks them all, and the later files ran 3-6x slower than alone.
 */

installMatchMedia();
// How long findBy/waitFor wait for the UI: a lazy page's first import in a file takes a few seconds, and
// `make test` runs this suite beside the services' and the static checks' on 2 cores, where it runs
// ~2.7x slower than alone (1,000 s against 365 s): 10 s was crossed there (a first render under load).
configure({ asyncUtilTimeout: 20000 });

type StyleCache = { sheet: { flush(): void }; inserted: Record<string, unknown> };
/** What the window had before the first file of this worker ran (kept across files on globalThis). */
type Pristine = {
  urlStatics: Record<'createObjectURL' | 'revokeObjectURL', PropertyDescriptor | undefined>;
  /** The own properties of navigator and document (a test may define sendBeacon, visibilityState…). */
  ownKeys: Map<object, Set<PropertyKey>>;
  emotion?: StyleCache;
};
const PRISTINE = Symbol.for('fm.testing.pristine');
const holder = globalThis as typeof globalThis & { [PRISTINE]?: Pristine };
const pristine = (holder[PRISTINE] ??= {
  urlStatics: {
    createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
    revokeObjectURL: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
  },
  ownKeys: new Map([navigator, document].map((target) => [target, new Set(Reflect.ownKeys(target))])),
});

/** The Emotion cache MUI's components use when no CacheProvider gives one (the app gives none). */
function defaultEmotionCache(): StyleCache {
  if (!pristine.emotion) {
    const Probe = withEmotionCache((_props: object, cache) => {
      pristine.emotion = cache;
      return null;
    });
    renderToStaticMarkup(createElement(Probe));
  }
  return pristine.emotion!;
}

/** Removes Emotion's <style> elements and forgets what it inserted, as a fresh window's cache would. */
function resetEmotionStyles() {
  const cache = defaultEmotionCache();
  cache.sheet.flush();
  for (const key of Object.keys(cache.inserted)) delete cache.inserted[key];
}

/** Deletes what a test defined on navigator or document itself (their prototypes' getters show again). */
function removeAddedOwnProperties() {
  for (const [target, keys] of pristine.ownKeys) {
    for (const key of Reflect.ownKeys(target)) {
      if (!keys.has(key) && Object.getOwnPropertyDescriptor(target, key)?.configurable)
        Reflect.deleteProperty(target, key);
    }
  }
}

function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

function clearAttributes(element: Element) {
  for (const name of element.getAttributeNames()) element.removeAttribute(name);
}

/** Puts the shared window back to a fresh file's start (see the comment at the top). */
function resetWindow() {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  removeAddedOwnProperties();
  server.resetHandlers();
  resetViewport();
  window.localStorage.clear();
  window.sessionStorage.clear();
  clearCookies();
  document.title = '';
  clearAttributes(document.documentElement);
  clearAttributes(document.body);
  document.body.replaceChildren();
  resetEmotionStyles();
  for (const [key, descriptor] of Object.entries(pristine.urlStatics)) {
    if (descriptor) Object.defineProperty(URL, key, descriptor);
    else delete (URL as unknown as Record<string, unknown>)[key];
  }
}

beforeAll(() => {
  resetWindow();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetViewport();
});
afterAll(() => {
  cleanup();
  server.close();
  resetWindow();
});
