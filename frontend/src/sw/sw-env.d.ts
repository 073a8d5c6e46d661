/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching';

declare global {
  interface ServiceWorkerGlobalScope {
    /** The precache list the build writes in (vite-plugin-pwa, injectManifest). */
    __WB_MANIFEST: (PrecacheEntry | string)[];
  }
}
