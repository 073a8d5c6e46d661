import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';
import { PLAYER_SCOPE, SERVICE_WORKER_URL } from '@/lib/offline-storage';

/**
 * The course player's service worker (src/sw/sw.ts), registered from the player's code only:
 * when a member makes a course ready, and on later visits of the player by a member who did
 * (so a new version is found). Its scope is the player: nothing else of the site is offline.
 * A new version waits until the member takes it ("New version available — Reload").
 */

let workbox: Workbox | null = null;
let registering: Promise<ServiceWorkerRegistration | undefined> | null = null;
let updateWaiting = false;
let reloadRequested = false;
const listeners = new Set<() => void>();

export function serviceWorkerSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    typeof caches !== 'undefined'
  );
}

function setUpdateWaiting(waiting: boolean) {
  updateWaiting = waiting;
  for (const listener of listeners) listener();
}

/** Registers (or re-checks) the player's service worker; once per page load. */
export function registerPlayerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!serviceWorkerSupported()) return Promise.resolve(undefined);
  if (registering) return registering;
  const wb = new Workbox(SERVICE_WORKER_URL, { scope: PLAYER_SCOPE });
  wb.addEventListener('waiting', () => setUpdateWaiting(true));
  wb.addEventListener('controlling', (event) => {
    // The new version took over because the member asked for it: load the page it goes with.
    if (event.isUpdate && reloadRequested) window.location.reload();
  });
  workbox = wb;
  registering = wb.register().catch((error: unknown) => {
    console.error('The course player could not be made available offline', error);
    registering = null;
    return undefined;
  });
  return registering;
}

/** On the player: keeps an existing registration up to date; never registers for the first time. */
export async function updatePlayerServiceWorker(): Promise<void> {
  if (!serviceWorkerSupported()) return;
  const existing = await navigator.serviceWorker.getRegistration(PLAYER_SCOPE).catch(() => undefined);
  if (existing) await registerPlayerServiceWorker();
}

/** Resolves once the registration has an active worker (its precache complete). */
export function whenActive(registration: ServiceWorkerRegistration): Promise<void> {
  if (registration.active) return Promise.resolve();
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return Promise.reject(new Error('the offline app did not install'));
  return new Promise((resolve, reject) => {
    const check = () => {
      if (worker.state === 'activated') resolve();
      else if (worker.state === 'redundant') reject(new Error('the offline app did not install'));
    };
    worker.addEventListener('statechange', check);
    check();
  });
}

/** The member's "Reload": the waiting version takes over, then the page reloads. */
export function reloadToNewVersion(): void {
  reloadRequested = true;
  if (workbox) workbox.messageSkipWaiting();
  else window.location.reload();
}

/** Whether a new version of the player waits for the member's reload. */
export function useServiceWorkerUpdate(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateWaiting,
    () => false,
  );
}
