/**
 * Keeping the prerendered pages in step with the catalogue (issue 25): where a render goes, how
 * it replaces the live pages, and when the next one runs. No React and no Redis here (the
 * watcher, scripts/prerender-watch.mjs, wires the renderer and the subscription to it), so the
 * tests drive it with a render of their own.
 *
 * - A render writes into a staging folder inside the live one (`.staging-<pid>-<n>`, same file
 *   system); each file, once complete, is renamed over its live counterpart: rename(2) replaces
 *   a file in one step, so nginx serves either the old page or the new one, never half of one.
 *   Live pages the render did not write (a lesson that became Premium, a page whose data
 *   failed) are deleted when it ends: the gateway then serves the SPA shell, which asks the API.
 *   No sitemap from the render: the live one is deleted too.
 * - Before rendering, `isFresh(out)` (when given) compares the catalogue digests embedded in the
 *   live pages with the API's answers: an announcement that does not touch the public pages
 *   (a member-only lecture) renders nothing. `changed(reason, { compare: false })` (a lesson,
 *   testimonial or tier changed) renders without comparing.
 * - A render still running `withdrawAfterMs` after it started withdraws the live pages it has
 *   not replaced yet (the SPA shell serves them with the current data) and goes on: a slow
 *   machine never keeps stale pages past the bound. A render that throws or outlasts
 *   `renderTimeoutMs` withdraws them too, and is tried again after a back-off.
 * - Changes are coalesced: the render starts `debounceMs` after the first change of a burst;
 *   a change during a render means one more render right after it.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** The files a render writes next to _prerendered/ (robots.txt and the manifest are kept when absent). */
const SITE_FILES = ['sitemap.xml', 'robots.txt', 'manifest.webmanifest'];

/** Every file under `dir`, as paths relative to it; entries starting with "." are skipped. */
function filesUnder(dir, prefix = '') {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...filesUnder(path.join(dir, entry.name), rel));
    else out.push(rel);
  }
  return out;
}

/** Moves one finished file of a render (`rel`: relative to `staging`) over its live counterpart. */
export function moveIntoLive(staging, live, rel) {
  const to = path.join(live, rel);
  mkdirSync(path.dirname(to), { recursive: true });
  renameSync(path.join(staging, rel), to);
}

/**
 * Deletes the live pages (and the sitemap) that are not in `keep` (paths relative to `live`,
 * e.g. "_prerendered/index.html", "sitemap.xml"): the SPA shell serves them. Returns how many
 * pages went.
 */
export function withdraw(live, keep = new Set()) {
  let pages = 0;
  for (const rel of filesUnder(path.join(live, '_prerendered'), '_prerendered')) {
    if (!keep.has(rel)) {
      rmSync(path.join(live, rel), { force: true });
      pages += 1;
    }
  }
  if (!keep.has('sitemap.xml')) rmSync(path.join(live, 'sitemap.xml'), { force: true });
  return pages;
}

/**
 * Finishes a render: moves what is left in `staging` into `live` (file by file, rename(2)),
 * then withdraws the live pages that neither this nor `published` (the files already moved
 * during the render) holds, and the sitemap when the render wrote none. `staging` is removed.
 */
export function publishRender(staging, live, published = new Set()) {
  const all = new Set(published);
  for (const rel of [...filesUnder(path.join(staging, '_prerendered'), '_prerendered'), ...SITE_FILES]) {
    if (!existsSync(path.join(staging, rel))) continue;
    moveIntoLive(staging, live, rel);
    all.add(rel);
  }
  rmSync(staging, { recursive: true, force: true });
  const withdrawn = withdraw(live, all);
  return { published: [...all].filter((rel) => rel.startsWith('_prerendered/')).length, withdrawn };
}

/** Deletes every live page and the sitemap. Returns how many pages. */
export const withdrawAll = (live) => withdraw(live);

/** Leftover staging folders of an earlier process (killed mid-render). */
export function removeStaleStaging(live) {
  const dir = path.join(live, '_prerendered');
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.staging-') && statSync(path.join(dir, name)).isDirectory()) {
      rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs renders on request. `render(staging, onWritten, onPlan)` writes a whole site into
 * `staging` and resolves (with anything; its `failed` count is logged) or rejects; it calls
 * `onWritten(rel)` for each file once complete (which is then moved into the live folder at
 * once) and may call `onPlan(rels)` with the pages it is going to write (the others are
 * withdrawn at once). `out` is the live folder (the html root locally, FM_PRERENDER_DIR in the
 * image). `retryMs`: the back-offs after a failed render (the last one repeats). `log(line)`
 * reports each render.
 */
export class PrerenderPublisher {
  constructor({
    render,
    isFresh = null,
    out,
    debounceMs = 100,
    withdrawAfterMs = 4000,
    renderTimeoutMs = 60_000,
    retryMs = [2000, 5000, 15_000, 60_000],
    log = () => {},
  }) {
    Object.assign(this, {
      render,
      isFresh,
      out: path.resolve(out),
      debounceMs,
      withdrawAfterMs,
      renderTimeoutMs,
      retryMs,
      log,
    });
    this.timer = null;
    this.running = null;
    this.again = false;
    this.failures = 0;
    this.sequence = 0;
    this.closed = false;
    this.reasons = new Set();
    this.skipCompare = false;
    removeStaleStaging(this.out);
  }

  /** A catalogue change (or anything that may have made the pages stale): render soon. */
  changed(reason = 'change', { compare = true } = {}) {
    if (this.closed) return;
    this.reasons.add(reason);
    // A change the public pages show: render without comparing first (it saves the API round trips).
    if (!compare) this.skipCompare = true;
    if (this.running) {
      this.again = true;
      return;
    }
    // The first change of a burst starts the clock; later ones ride along.
    if (!this.timer || this.timer.retry) this.schedule(this.debounceMs);
  }

  schedule(ms, retry = false) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.renderOnce().finally(() => {
        this.running = null;
        if (this.again && !this.closed) {
          this.again = false;
          this.schedule(this.debounceMs);
        }
      });
    }, ms);
    this.timer.retry = retry;
    this.timer.unref?.();
  }

  /** Resolves when no render is scheduled or under way (tests, shutdown). */
  async idle() {
    while (this.timer || this.running) {
      if (this.running) await this.running;
      else await delay(20);
    }
  }

  async renderOnce() {
    const force = this.reasons.has('retry') || this.skipCompare;
    this.skipCompare = false;
    const reasons = [...this.reasons].join(', ');
    this.reasons.clear();
    if (this.isFresh && !force) {
      try {
        if (await this.isFresh(this.out)) {
          this.log(`prerender-watch: the pages show the current catalogue (${reasons}); nothing to render`);
          return true;
        }
      } catch (err) {
        this.log(
          `prerender-watch: could not compare the pages with the API (${err instanceof Error ? err.message : err}); rendering`,
        );
      }
    }
    const staging = path.join(this.out, '_prerendered', `.staging-${process.pid}-${(this.sequence += 1)}`);
    const t0 = Date.now();
    let timer;
    let withdrawTimer;
    let active = true;
    const written = new Set();
    try {
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { recursive: true });
      withdrawTimer = setTimeout(() => {
        const pages = withdraw(this.out, written);
        this.log(
          `prerender-watch: the render is still running after ${this.withdrawAfterMs} ms; the ${pages} pages it has not replaced yet are withdrawn until it does`,
        );
      }, this.withdrawAfterMs);
      const result = await Promise.race([
        this.render(
          staging,
          (rel) => {
            if (!active) return;
            moveIntoLive(staging, this.out, rel);
            written.add(rel);
          },
          (planned) => {
            // A page this render will not make (a lesson made Premium) goes now, not at the end.
            if (active) withdraw(this.out, new Set([...planned, 'sitemap.xml']));
          },
        ),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`the render took longer than ${this.renderTimeoutMs} ms`)),
            this.renderTimeoutMs,
          );
        }),
      ]);
      clearTimeout(withdrawTimer);
      active = false;
      const { published, withdrawn } = publishRender(staging, this.out, written);
      this.failures = 0;
      this.log(
        `prerender-watch: ${published} pages rendered again (${reasons}) in ${Date.now() - t0} ms` +
          (withdrawn ? `, ${withdrawn} withdrawn` : '') +
          (result?.failed ? ` (${result.failed} failed: the SPA shell serves them)` : ''),
      );
      if (result?.failed) this.retryLater();
      return true;
    } catch (err) {
      clearTimeout(withdrawTimer);
      active = false;
      // A late render must not land over the withdrawal; its staging folder goes too.
      const pages = withdrawAll(this.out);
      setTimeout(() => rmSync(staging, { recursive: true, force: true }), this.renderTimeoutMs).unref?.();
      rmSync(staging, { recursive: true, force: true });
      this.log(
        `prerender-watch: render failed (${reasons}): ${err instanceof Error ? err.message : err}; ${pages} pages withdrawn (the SPA shell serves them)`,
      );
      this.retryLater();
      return false;
    } finally {
      clearTimeout(timer);
      clearTimeout(withdrawTimer);
    }
  }

  retryLater() {
    if (this.closed) return;
    const ms = this.retryMs[Math.min(this.failures, this.retryMs.length - 1)];
    this.failures += 1;
    this.reasons.add('retry');
    if (!this.timer) this.schedule(ms, true);
  }

  async close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = null;
    if (this.running) await this.running;
  }
}
