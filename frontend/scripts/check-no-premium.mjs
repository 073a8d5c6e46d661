#!/usr/bin/env node
/**
 * No Premium content in the built frontend, run after `vite build` (npm run check:premium -w frontend).
 * Loads every Premium text and link from the content service's catalogue source
 * (services/content/src/catalogue/premium-strings.ts: guided-visualization scripts, member
 * page texts and videos, section items, Premium lesson and lecture media) and looks for each
 * in every file under dist/, as written and as a JavaScript or JSON string literal escapes it.
 * Fails naming each string it finds and the file that holds it.
 *
 *   node scripts/check-no-premium.mjs [--dist <dir>]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runnerImport } from 'vite';

const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(frontend, '..');
const source = path.join(repo, 'services/content/src/catalogue/premium-strings.ts');

const { values: args } = parseArgs({ options: { dist: { type: 'string' } } });
const dist = path.resolve(args.dist ?? path.join(frontend, 'dist'));

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`premium: ${dist}/index.html missing; run \`npm run build -w frontend\` first.`);
  process.exit(1);
}

// The catalogue source is TypeScript; Vite's module runner loads it as the service would.
const { module } = await runnerImport(source, { root: repo, configFile: false, logLevel: 'error' });
/** @type {string[]} */
const strings = module.premiumStrings();
if (!Array.isArray(strings) || strings.length < 100) {
  console.error(`premium: ${source} listed ${strings?.length ?? 0} Premium strings; expected the whole catalogue`);
  process.exit(1);
}

/** The ways a bundler may write `s`: as is, in "..." or '...' with escapes, non-ASCII as \u. */
function spellings(s) {
  const json = JSON.stringify(s).slice(1, -1);
  const single = s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n');
  const ascii = json.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [...new Set([s, json, single, ascii])];
}

const files = readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => path.join(entry.parentPath, entry.name))
  .sort();

const shorten = (s) => (s.length > 90 ? `${s.slice(0, 87)}...` : s);
/** @type {Map<string, string[]>} file (relative to the working directory) → the Premium strings it holds */
const found = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const hits = strings.filter((s) => spellings(s).some((spelling) => text.includes(spelling)));
  if (hits.length > 0) found.set(path.relative(process.cwd(), file), hits);
}

console.log(
  `premium: ${strings.length} Premium texts and links checked against ${files.length} files in ${path.relative(process.cwd(), dist) || '.'}`,
);
if (found.size > 0) {
  let total = 0;
  for (const [file, hits] of found) {
    total += hits.length;
    console.error(`FAIL ${file} holds ${hits.length} Premium string${hits.length === 1 ? '' : 's'}:`);
    for (const hit of hits) console.error(`  ${JSON.stringify(shorten(hit))}`);
  }
  console.error(
    `premium: ${total} Premium strings in ${found.size} files; Premium content must come from the content service (GET /api/member/...), never from the bundle`,
  );
  process.exit(1);
}
console.log('premium OK: no Premium text or link in the built frontend');
