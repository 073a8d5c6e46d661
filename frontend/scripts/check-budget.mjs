#!/usr/bin/env node
/**
 * Bundle budget, run after `vite build` (npm run budget -w frontend):
 *  1. the app's JS for "/" (entry chunk + its static imports + the landing page's chunks), gzip,
 *     must stay within BUDGET_KB. A prerendered page loads none of it until the visitor acts
 *     (public/boot.js; perf/lighthouse.mjs holds the page load to 150 KB); this is what the
 *     first tap, or a visitor without a prerendered page, downloads;
 *  2. no chunk a visitor loads for a public page holds member-area or checkout code
 *     (src/app/routes/member|admin, features/member|courses|billing|audio|admin, the member layout, Stripe).
 * Reads dist/.vite/manifest.json and dist/.vite/chunk-modules.json (written by vite.config.ts).
 */
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// 170 until issue 43 §2 (170.02 then): every page applies the access rule on what the device keeps
// (app/use-offline-access-rule.ts, its code loaded once an answer is in) and the route gate sends the
// player without a known member to "Sign in to use your offline courses" (0.36 KB together).
const BUDGET_KB = 170.5;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
const modulesPath = path.join(dist, '.vite', 'chunk-modules.json');

if (!existsSync(manifestPath) || !existsSync(modulesPath)) {
  console.error(
    'budget: dist/.vite/manifest.json or chunk-modules.json missing; run `npm run build -w frontend` first.',
  );
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const chunkModules = JSON.parse(readFileSync(modulesPath, 'utf8'));

/** Public pages and the module that renders each (lazy chunks of src/app/router.tsx). */
const publicPages = {
  '/': 'src/app/routes/landing.tsx',
  '/about': 'src/app/routes/about.tsx',
  '/membership': 'src/app/routes/membership.tsx',
  '/coaching': 'src/app/routes/coaching.tsx',
  '/contact': 'src/app/routes/contact.tsx',
  '/login': 'src/app/routes/login.tsx',
  '/signup': 'src/app/routes/signup.tsx',
  '/privacy': 'src/app/routes/privacy.tsx',
  '/terms': 'src/app/routes/terms.tsx',
  '/forgot-password': 'src/app/routes/forgot-password.tsx',
  '/reset-password': 'src/app/routes/reset-password.tsx',
  '/verify-email': 'src/app/routes/verify-email.tsx',
  '/404': 'src/app/routes/not-found.tsx',
};

const MEMBER_CODE = [
  /^src\/app\/routes\/member\//,
  /^src\/features\/(member|courses|billing|audio|admin)\//,
  /^src\/app\/routes\/admin\//,
  /^src\/components\/layouts\/member-layout/,
  /node_modules\/@stripe\//,
];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('budget: no entry chunk in the manifest');
  process.exit(1);
}

/** Chunk files loaded for `key`: the chunk and, recursively, its static imports. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}
const kb = (bytes) => (bytes / 1024).toFixed(1);

function filesFor(keys) {
  const files = new Set();
  const css = new Set();
  for (const key of keys) {
    files.add(manifest[key].file);
    for (const c of manifest[key].css ?? []) css.add(c);
  }
  return { js: [...files], css: [...css] };
}

const entryKeys = closure(entryKey);
let failed = false;
const rows = [];

for (const [route, moduleKey] of Object.entries(publicPages)) {
  if (!manifest[moduleKey]) {
    console.error(`budget: ${moduleKey} (${route}) is not a chunk in the manifest`);
    failed = true;
    continue;
  }
  const keys = closure(moduleKey, new Set(entryKeys));
  const { js, css } = filesFor(keys);
  const jsBytes = js.reduce((sum, f) => sum + gzipBytes(f), 0);
  const cssBytes = css.reduce((sum, f) => sum + gzipBytes(f), 0);

  const offenders = [];
  for (const file of js) {
    for (const { module } of chunkModules[file] ?? []) {
      if (MEMBER_CODE.some((re) => re.test(module))) offenders.push(`${file} ← ${module}`);
    }
  }
  if (offenders.length) {
    failed = true;
    console.error(`FAIL ${route}: member-area code in chunks a visitor loads:\n  ${offenders.join('\n  ')}`);
  }
  rows.push({
    route,
    chunks: js.length,
    jsKb: kb(jsBytes),
    cssKb: kb(cssBytes),
    memberCode: offenders.length ? 'YES' : 'none',
  });
}

const entryJs = filesFor(entryKeys).js.reduce((sum, f) => sum + gzipBytes(f), 0);
const home = rows.find((r) => r.route === '/');

// The whole member area, for scale.
const memberKey = 'src/app/routes/member/member-routes.tsx';
const memberJs = manifest[memberKey]
  ? filesFor([...closure(memberKey)].filter((k) => !entryKeys.has(k))).js.reduce((s, f) => s + gzipBytes(f), 0)
  : 0;
const allJs = Object.keys(chunkModules).reduce((s, f) => s + gzipBytes(f), 0);

console.log('Fairway Mind bundle budget (gzip, level 9)');
console.table(rows);
console.log(`entry chunk + static imports: ${kb(entryJs)} KB`);
console.log(`member area (member-routes.tsx and its own static imports): ${kb(memberJs)} KB`);
console.log(`all JS emitted: ${kb(allJs)} KB in ${Object.keys(chunkModules).length} chunks`);
console.log(`the app's JS for /: ${home?.jsKb ?? '?'} KB (budget ${BUDGET_KB} KB)`);

if (home && Number(home.jsKb) > BUDGET_KB) {
  failed = true;
  console.error(`FAIL the app's JS for / is ${home.jsKb} KB, over the ${BUDGET_KB} KB budget`);
}
if (failed) process.exit(1);
console.log('budget OK: within budget, and no member-area chunk on public pages');
