/**
 * After a deploy replaces /assets, a tab opened before it asks for page chunks that no longer
 * exist. Vite reports that as `vite:preloadError`; one reload fetches the new build. A short
 * guard in sessionStorage keeps a truly missing chunk from reloading in a loop.
 */
const GUARD_KEY = 'fm:reloaded-for-stale-chunk';
const GUARD_MS = 10_000;

export function reloadOnStaleChunks(win: Window = window): void {
  win.addEventListener('vite:preloadError', (event) => {
    const last = Number(win.sessionStorage.getItem(GUARD_KEY) ?? 0);
    if (Date.now() - last < GUARD_MS) return;
    win.sessionStorage.setItem(GUARD_KEY, String(Date.now()));
    event.preventDefault();
    win.location.reload();
  });
}
