#!/usr/bin/env node
/**
 * Prerenders the public pages into dist/_prerendered (issue 15), after `npm run build` (which
 * also builds the SSR bundle dist-ssr/entry-server.js) and with the API running:
 *
 *   node scripts/prerender.mjs --api http://127.0.0.1:4002 [--origin https://fairwaymind.com] [--out DIR]
 *
 * --api:    where GET /api/config, /api/lessons, /api/testimonials, /api/membership-tiers and
 *           /api/lessons/<id> answer (the content service, or the gateway); the pages show
 *           exactly what the API gives a visitor.
 * --origin: the public origin for canonical URLs, Open Graph, JSON-LD and sitemap.xml
 *           (default: SITE_ORIGIN, else http://localhost:8080).
 * --out:    where _prerendered/, robots.txt, sitemap.xml and manifest.webmanifest are written
 *           (default: dist, next to the SPA; the gateway image writes to a directory of its own,
 *           infra/docker/prerender/prerender.sh, as its html root is read-only).
 *
 * The render itself: scripts/prerender-site.mjs. This is the one-shot render at start (the
 * launcher's step, the gateway image's start); scripts/prerender-watch.mjs keeps the pages in
 * step with the catalogue afterwards. A page whose data failed is not written (the gateway then
 * serves the SPA shell for it), and the script exits 1; without the API's config and lesson
 * list it writes nothing and exits 3.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appRoot, buildPresent, loadSiteRenderer } from './prerender-site.mjs';

const { values: args } = parseArgs({
  options: { api: { type: 'string' }, origin: { type: 'string' }, out: { type: 'string' } },
});
if (!args.api) {
  console.error('prerender: --api URL is required (the content service or the gateway)');
  process.exit(2);
}
if (!buildPresent()) {
  console.error(
    'prerender: dist/index.html or dist-ssr/entry-server.js missing; run `npm run build -w frontend` first',
  );
  process.exit(2);
}
const out = args.out ? path.resolve(args.out) : path.join(appRoot, 'dist');
const renderer = await loadSiteRenderer({
  api: args.api,
  origin: args.origin ?? process.env.SITE_ORIGIN ?? 'http://localhost:8080',
});
try {
  const result = await renderer.render(out);
  const where = result.outDir.startsWith(`${process.cwd()}${path.sep}`)
    ? path.relative(process.cwd(), result.outDir)
    : result.outDir;
  console.log(
    `prerender: ${result.written} of ${result.pages} pages into ${where}, sitemap.xml (${result.sitemapUrls} URLs) and robots.txt for ${renderer.origin} in ${result.ms} ms`,
  );
  process.exit(result.failed ? 1 : 0);
} catch (err) {
  // Nothing usable (no config or lesson list): the caller serves the SPA shell.
  console.error(err instanceof Error ? err.message : err);
  process.exit(3);
}
