/**
 * The prerender of the public pages (issue 15) as a library: loads the SSR bundle and the SPA
 * build once, then renders the whole site into a folder as often as asked. Used by the one-shot
 * command (scripts/prerender.mjs: the launcher's start-up step and the gateway image's start)
 * and by the watcher that renders again on every catalogue change (scripts/prerender-watch.mjs).
 *
 * Each page: the rendered markup in #root, emotion's critical CSS and the font CSS inline, the
 * store's answers as JSON (hydration asks the API for nothing), preloads for the two Latin
 * fonts, the app's scripts started by public/boot.js on the visitor's first intent (with the
 * page's chunks, and the SHA-256 of each catalogue answer embedded), title, description,
 * canonical, Open Graph/Twitter tags and JSON-LD. Also robots.txt, sitemap.xml and the manifest's
 * name. A page whose data failed is not written (the gateway then serves the SPA shell for it).
 * Within one render each API address is asked once, so every page shows the same catalogue.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The SPA build and the SSR bundle next to this script (frontend/, or the gateway image's FM_PRERENDER_HOME). */
export const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Whether the build the renderer needs is there (dist/index.html and dist-ssr/entry-server.js). */
export function buildPresent(root = appRoot) {
  return (
    existsSync(path.join(root, 'dist-ssr', 'entry-server.js')) && existsSync(path.join(root, 'dist', 'index.html'))
  );
}

/**
 * The app's queries ask for "/api/..." (no window in Node): they go to the API of the render
 * under way, each address fetched once per render (a Response clone for every page).
 */
const nodeFetch = globalThis.fetch;
/** @type {{ base: URL, timeoutMs: number, answers: Map<string, Promise<Response>> } | null} */
let run = null;
globalThis.fetch = (input, init) => {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!run || !href.startsWith('/')) return nodeFetch(input, init);
  const url = new URL(href, run.base);
  const method = (
    init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')
  ).toUpperCase();
  if (method !== 'GET') return nodeFetch(url, { ...init, signal: AbortSignal.timeout(run.timeoutMs) });
  if (!run.answers.has(url.href)) {
    run.answers.set(url.href, nodeFetch(url, { ...init, signal: AbortSignal.timeout(run.timeoutMs) }));
  }
  return run.answers.get(url.href).then((response) => response.clone());
};

/**
 * Loads the renderer. `api`: where GET /api/config, /api/lessons, /api/testimonials,
 * /api/membership-tiers and /api/lessons/<id> answer (the content service, or the gateway);
 * `origin`: the public origin for canonical URLs, Open Graph, JSON-LD and sitemap.xml.
 * `render(out, onWritten?)` writes out/_prerendered/, robots.txt, sitemap.xml and manifest.webmanifest and
 * resolves with the counts; it throws when the API gives no config or lesson list. One render at
 * a time (the API answers of a render are shared by its pages).
 */
export async function loadSiteRenderer({
  api,
  origin: originOption,
  root = appRoot,
  fetchTimeoutMs = 30_000,
  log = console.error,
}) {
  const apiBase = new URL(api);
  const origin = new URL(originOption).origin;
  const dist = path.join(root, 'dist');
  const { renderPage, PRERENDERED_PAGES, LESSON_PAGE_MODULE, lessonPageFile } = await import(
    pathToFileURL(path.join(root, 'dist-ssr', 'entry-server.js')).href
  );

  const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

  const escapeHtml = (s) =>
    String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  /** JSON inside <script>: no "</script>" or "<!--" can end it early. */
  const scriptJson = (value) =>
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/\u2028|\u2029/g, '');

  /** The chunks a module needs (itself and its static imports), as /assets/... paths. */
  function chunksOf(key, seen = new Set()) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const dep of chunk.imports ?? []) chunksOf(dep, seen);
    return seen;
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entryChunks = chunksOf(entryKey);
  const entryCss = (manifest[entryKey].css ?? []).map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
  const latinFonts = Object.values(manifest)
    .flatMap((chunk) => chunk.assets ?? [])
    .concat(manifest[entryKey].assets ?? [])
    .filter((file, i, all) => /(fraunces|inter)-latin-wght-normal-[^/]+\.woff2$/.test(file) && all.indexOf(file) === i);

  /** Head tags of one page. */
  function headFor({ title, description, url, jsonLd, pageModule, facts }) {
    const image = `${origin}/og-image.jpg`;
    const preloads = [...chunksOf(pageModule)].filter((file) => !entryChunks.has(file));
    return [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}" />`,
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(facts.productName)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      `<meta property="og:image" content="${image}" />`,
      `<meta property="og:image:type" content="image/jpeg" />`,
      `<meta property="og:image:width" content="1200" />`,
      `<meta property="og:image:height" content="630" />`,
      `<meta property="og:image:alt" content="${escapeHtml(`${facts.productName}: the mental game of golf`)}" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
      `<meta name="twitter:image" content="${image}" />`,
      ...latinFonts.map((file) => `<link rel="preload" as="font" type="font/woff2" href="/${file}" crossorigin />`),
      ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
      `<style data-fm-fonts>${entryCss}</style>`,
      ...jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
    ].join('\n    ');
  }

  function pageHtml(rendered, head, catalogue) {
    let html = shell;
    const replace = (pattern, by) => {
      if (!pattern.test(html)) throw new Error(`prerender: dist/index.html has no ${pattern}`);
      html = html.replace(pattern, by);
    };
    replace(/<title>[^<]*<\/title>/, '');
    replace(/<meta\s+name="description"[^>]*>/, '');
    // The data is in the page: no request for /api/config.
    html = html.replace(/<!--(?:(?!-->)[\s\S])*?-->\s*<link rel="preload" as="fetch" href="\/api\/config"[^>]*>/, '');
    html = html.replace(/<link rel="preload" as="fetch" href="\/api\/config"[^>]*>/, '');
    // Inlined in the head instead (the font CSS is small): no render-blocking stylesheet.
    html = html.replace(/\s*<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/g, '');
    replace(/<\/head>/, `    ${head}\n    ${rendered.styles}\n  </head>`);
    // The page is the HTML; the app only makes it interactive: public/boot.js requests its
    // scripts on the visitor's first sign of intent, or when the catalogue has changed since.
    const entryScript = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
    if (!entryScript) throw new Error('prerender: dist/index.html has no entry script');
    const chunks = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>/g)].map((m) => m[1]);
    html = html.replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+"\s*\/?>/g, '');
    html = html.replace(
      entryScript[0],
      `<script defer src="/boot.js" data-entry="${entryScript[1]}" data-preload="${chunks.join(' ')}" data-catalogue="${escapeHtml(catalogue.join(' '))}"></script>`,
    );
    replace(/<noscript>[^<]*<\/noscript>\s*/, '');
    replace(
      /<div id="root"><\/div>/,
      `<div id="root">${rendered.html}</div>\n    <script id="fm-state" type="application/json">${scriptJson(rendered.state)}</script>`,
    );
    return html;
  }

  async function renderSite(out, onWritten, onPlan) {
    const outDir = path.join(out, '_prerendered');
    /** SHA-256 (hex) of each catalogue answer, as a visitor's browser gets it: fetched once per URL. */
    const digests = new Map();
    function digestOf(url) {
      if (!digests.has(url)) {
        digests.set(
          url,
          globalThis.fetch(url).then(async (response) => {
            if (!response.ok) throw new Error(`prerender: ${url} answered ${response.status}`);
            return createHash('sha256')
              .update(await response.text())
              .digest('hex');
          }),
        );
      }
      return digests.get(url);
    }

    const config = await (await globalThis.fetch('/api/config')).json();
    const lessons = await (await globalThis.fetch('/api/lessons')).json();
    if (!config?.productName || !Array.isArray(lessons)) {
      throw new Error(`prerender: the API at ${apiBase.href} did not answer /api/config and /api/lessons`);
    }
    const organization = {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${origin}/#organization`,
      name: config.productName,
      url: `${origin}/`,
      logo: `${origin}/icons/icon-512.png`,
      email: config.supportEmail,
      founder: { '@type': 'Person', name: config.founderName },
      sameAs: [
        'https://www.youtube.com/@fairwaymind',
        'https://www.instagram.com/fairwaymind',
        'https://www.tiktok.com/@fairwaymind',
      ],
    };
    const lessonUrl = (lesson) => `${origin}/lesson/${encodeURIComponent(lesson.id)}`;
    const lessonResource = (lesson) => ({
      '@type': 'LearningResource',
      name: lesson.title,
      description: lesson.description,
      url: lessonUrl(lesson),
      learningResourceType: 'Video lesson',
      timeRequired: /^(\d+) min$/.test(lesson.duration) ? `PT${lesson.duration.split(' ')[0]}M` : undefined,
      isAccessibleForFree: lesson.isFree === true,
      provider: { '@id': `${origin}/#organization` },
    });
    const course = {
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: `${config.productName}: mental game lessons`,
      description:
        'Short video lessons on the mental game of golf: confidence, composure and concentration in 10 minutes a day.',
      url: `${origin}/lessons`,
      provider: { '@id': `${origin}/#organization` },
      hasPart: lessons.map(lessonResource),
    };

    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const pages = [
      ...PRERENDERED_PAGES.map((page) => ({ ...page, lesson: undefined })),
      // Free lessons: a visitor sees them whole (a locked one answers 403 and shows the Premium wall).
      ...lessons
        .filter((lesson) => !lesson.locked)
        .map((lesson) => ({
          path: `/lesson/${lesson.id}`,
          file: lessonPageFile(lesson.id),
          module: LESSON_PAGE_MODULE,
          description:
            lesson.description.length > 155
              ? `${lesson.description.slice(0, 152).replace(/\s+\S*$/, '')}…`
              : lesson.description,
          inSitemap: true,
          lesson,
        })),
    ];
    const t0 = Date.now();
    // The pages this render makes: a page that is no longer among them can go at once.
    await onPlan(pages.map((page) => `_prerendered/${page.file}`));
    // The web app manifest names the product as the config does.
    const webManifest = JSON.parse(readFileSync(path.join(dist, 'manifest.webmanifest'), 'utf8'));
    writeFileSync(
      path.join(out, 'manifest.webmanifest'),
      `${JSON.stringify({ ...webManifest, name: config.productName, short_name: config.productName }, null, 2)}\n`,
    );

    const today = new Date().toISOString().slice(0, 10);
    const sitemapUrls = pages
      .filter((page) => page.inSitemap)
      .map((page) => `  <url><loc>${escapeHtml(`${origin}${page.path}`)}</loc><lastmod>${today}</lastmod></url>`);
    writeFileSync(
      path.join(out, 'sitemap.xml'),
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemapUrls.join('\n')}\n</urlset>\n`,
    );
    writeFileSync(
      path.join(out, 'robots.txt'),
      [
        '# Fairway Mind: the public pages and lessons are for everyone; the member area and API are not.',
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        // "/member" alone would also match /membership.
        'Disallow: /member$',
        'Disallow: /member/',
        'Disallow: /admin',
        'Disallow: /checkout',
        'Disallow: /coaching-checkout',
        'Disallow: /guided-visualizations',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n'),
    );

    for (const name of ['manifest.webmanifest', 'sitemap.xml', 'robots.txt']) await onWritten(name);

    let failed = 0;
    // The pages a change is most likely about first (each is handed over as soon as written).
    const first = (page) => (page.lesson ? 0 : page.path === '/lessons' ? 1 : page.path === '/' ? 2 : 3);
    for (const page of [...pages].sort((x, y) => first(x) - first(y))) {
      const rendered = await renderPage(page.path, page.lesson?.id);
      if (!rendered.complete) {
        log(`prerender: ${page.path}: a query failed; not written (the SPA shell serves it)`);
        failed += 1;
        continue;
      }
      const url = `${origin}${page.path === '/' ? '/' : page.path}`;
      const jsonLd = [organization];
      if (page.path === '/lessons') jsonLd.push(course);
      if (page.lesson) jsonLd.push({ '@context': 'https://schema.org', ...lessonResource(page.lesson) });
      const head = headFor({
        title: rendered.title,
        description: page.description,
        url,
        jsonLd,
        pageModule: page.module,
        facts: config,
      });
      const file = path.join(outDir, page.file);
      mkdirSync(path.dirname(file), { recursive: true });
      const catalogue = await Promise.all(rendered.catalogue.map(async (url) => `${url}=${await digestOf(url)}`));
      writeFileSync(file, pageHtml(rendered, head, catalogue));
      await onWritten(path.relative(out, file));
    }

    return {
      pages: pages.length,
      written: pages.length - failed,
      failed,
      sitemapUrls: sitemapUrls.length,
      outDir,
      ms: Date.now() - t0,
    };
  }

  /**
   * Renders the site into `out`; see above. The site files (sitemap, robots.txt, manifest)
   * first, then the pages; `onWritten(relativePath)` is awaited after each file is complete,
   * `onPlan(relativePaths)` once the list of pages is known, before any is rendered.
   */
  async function render(out, onWritten = () => {}, onPlan = () => {}) {
    if (run) throw new Error('prerender: a render is already under way');
    run = { base: apiBase, timeoutMs: fetchTimeoutMs, answers: new Map() };
    try {
      return await renderSite(path.resolve(out), onWritten, onPlan);
    } finally {
      run = null;
    }
  }

  /**
   * Whether the pages in `out` show the catalogue the API answers now: every page there holds
   * the SHA-256 of each catalogue answer it was rendered with (data-catalogue); false when a
   * digest differs, or when there is no page at all. Rejects when the API does not answer.
   */
  async function isFresh(out) {
    const embedded = new Map();
    const pagesDir = path.join(out, '_prerendered');
    const files = existsSync(pagesDir)
      ? readdirSync(pagesDir, { recursive: true }).filter(
          (f) => String(f).endsWith('.html') && !String(f).startsWith('.'),
        )
      : [];
    if (!files.length) return false;
    for (const file of files) {
      const found = readFileSync(path.join(pagesDir, String(file)), 'utf8').match(/data-catalogue="([^"]*)"/);
      if (!found) return false;
      for (const pair of found[1].split(' ').filter(Boolean)) {
        const at = pair.lastIndexOf('=');
        embedded.set(pair.slice(0, at), [...(embedded.get(pair.slice(0, at)) ?? []), pair.slice(at + 1)]);
      }
    }
    for (const [url, digests] of embedded) {
      const response = await nodeFetch(new URL(url, apiBase), { signal: AbortSignal.timeout(fetchTimeoutMs) });
      if (!response.ok) throw new Error(`prerender: ${url} answered ${response.status}`);
      const now = createHash('sha256')
        .update(await response.text())
        .digest('hex');
      if (digests.some((digest) => digest !== now)) return false;
    }
    return true;
  }

  return { render, isFresh, origin, apiBase };
}
