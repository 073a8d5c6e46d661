/// <reference types="vitest/config" />
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
// The API's types (docs/API.md), shared with the services. The SPA imports them with
// `import type` only (eslint enforces it), so neither the schemas nor zod reach the bundle;
// the contracts' few modules without zod (the clubs, the pre-round card's address) it may import
// at run time, by their own names.
const contractsDir = fileURLToPath(new URL('../services/contracts/src', import.meta.url));
const contractsEntry = path.join(contractsDir, 'index.ts');
const CONTRACT_VALUES = /^@fm\/contracts\/(clubs|course-card)$/;

/**
 * Writes dist/.vite/chunk-modules.json: for every emitted JS chunk, the source modules it
 * holds (paths relative to frontend/) with their rendered size. scripts/check-budget.mjs reads it together with the
 * Vite manifest to prove that public pages never load member-area code.
 */
function chunkModulesReport(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'fm-chunk-modules-report',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const report: Record<string, { module: string; bytes: number }[]> = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        report[fileName] = output.moduleIds.map((id) => ({
          module: path.relative(root, id.replace(/^\0/, '')).split(path.sep).join('/'),
          bytes: output.modules[id]?.renderedLength ?? 0,
        }));
      }
      mkdirSync(path.join(outDir, '.vite'), { recursive: true });
      writeFileSync(path.join(outDir, '.vite', 'chunk-modules.json'), JSON.stringify(report, null, 2));
    },
  };
}

/**
 * Writes <file>.gz (gzip level 9) next to each script and style in dist/assets; the gateway
 * sends it as it is (gzip_static), smaller than its own on-the-fly gzip (level 5).
 */
function precompressAssets(): Plugin {
  let assetsDir = '';
  let ssr = false;
  return {
    name: 'fm-precompress-assets',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle() {
      if (ssr) return;
      for (const file of readdirSync(assetsDir)) {
        if (!/\.(js|css|svg)$/.test(file)) continue;
        const source = readFileSync(path.join(assetsDir, file));
        const gz = gzipSync(source, { level: 9 });
        if (gz.length < source.length) writeFileSync(path.join(assetsDir, `${file}.gz`), gz);
      }
    },
  };
}

/**
 * What the course player's service worker precaches (issue 31 §1): the files a member's phone
 * needs to open /member/course-player/:id without a network — the entry and everything it loads
 * statically (the app shell's code and CSS), the member area's routes module and the player page's
 * chunk with their static imports, the page asking to sign in when no member is known (issue 43 §2),
 * and the fonts' Latin files. Nothing of the rest of the site.
 * Filled while the bundle is written; read by the service worker build (manifestTransforms).
 */
const PLAYER_MODULES = [
  'src/app/routes/member/member-routes.tsx',
  'src/app/routes/member/course-player.tsx',
  // The player's page with no member known offline (issue 43 §2), loaded by the route gate.
  'src/features/courses/offline/offline-sign-in.tsx',
];

function playerPrecacheList(): Plugin & { files: Set<string> } {
  const files = new Set<string>();
  let root = process.cwd();
  return {
    name: 'fm-player-precache-list',
    apply: 'build',
    files,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const relative = (id: string) => path.relative(root, id.replace(/^\0/, '')).split(path.sep).join('/');
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
        files.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      files.clear();
      for (const chunk of chunks) {
        const holds = chunk.moduleIds.map(relative);
        if (chunk.isEntry || PLAYER_MODULES.some((module) => holds.includes(module))) visit(chunk.fileName);
      }
      for (const module of PLAYER_MODULES) {
        if (!chunks.some((chunk) => chunk.moduleIds.map(relative).includes(module))) {
          this.error(`fm-player-precache-list: no chunk holds ${module}`);
        }
      }
      // The fonts' Latin faces (the other subsets load only for text that needs them).
      for (const output of Object.values(bundle)) {
        if (output.type === 'asset' && /-latin-wght-normal-[\w-]+\.woff2$/.test(output.fileName))
          files.add(output.fileName);
      }
    },
  };
}

// Libraries every page needs: one long-cached chunk. Everything else (MUI components, pages,
// member area, Stripe) is split per route by the lazy imports in src/app/router.tsx.
const coreVendor =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|react-redux|redux|@reduxjs[\\/]toolkit|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/;

export default defineConfig(({ command, isSsrBuild }) => {
  const precacheList = playerPrecacheList();
  // The service worker exists for the client build only (not the prerender's SSR build, not tests).
  const serviceWorker =
    command === 'build' && !isSsrBuild
      ? [
          precacheList,
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'src/sw',
            filename: 'sw.ts',
            // Registered by the course player's code only (features/courses/offline), never by a
            // public page; the web app manifest is public/manifest.webmanifest.
            injectRegister: false,
            manifest: false,
            injectManifest: {
              rollupFormat: 'iife',
              globPatterns: ['index.html', 'assets/*.{js,css,woff2}'],
              dontCacheBustURLsMatching: /^assets\//,
              manifestTransforms: [
                (entries) => ({
                  manifest: entries.filter((entry) => entry.url === 'index.html' || precacheList.files.has(entry.url)),
                  warnings: [],
                }),
              ],
            },
          }),
        ]
      : [];
  return {
    plugins: [react(), chunkModulesReport(), precompressAssets(), ...serviceWorker],
    resolve: {
      alias: [
        { find: '@', replacement: srcDir },
        { find: CONTRACT_VALUES, replacement: `${contractsDir}/$1.ts` },
        { find: /^@fm\/contracts$/, replacement: contractsEntry },
      ],
    },
    server: {
      port: 5173,
      proxy: {
        // The gateway serves /api and /media in production; in dev point at it (or a service).
        '/api': { target: process.env.FM_API_PROXY ?? 'http://localhost:8080', changeOrigin: false },
        '/media': { target: process.env.FM_API_PROXY ?? 'http://localhost:8080', changeOrigin: false },
      },
    },
    build: {
      outDir: 'dist',
      manifest: true,
      modulePreload: { polyfill: false },
      sourcemap: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{ name: 'vendor-core', test: coreVendor, priority: 10 }],
          },
        },
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup-tests.ts'],
      css: false,
      restoreMocks: true,
      // Above every wait a test makes (findBy/waitFor 20 s in setup-tests.ts, the first load 30 s in test-utils.tsx).
      testTimeout: 60000,
      // Files share their worker's jsdom window and module graph (isolate: false): no new window and
      // no re-import of React, MUI and the app for each file, about half the suite's CPU time.
      // src/testing/setup-tests.ts puts the window, msw and the stubs back between files. A file that
      // replaces a module (vi.mock) needs its own module graph: those run isolated, found by that call.
      // (`include` is per project: a project's arrays are added to the root's, not put in their place.)
      projects: (() => {
        const mocking = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
          .filter((file) => /(^|[\\/])__tests__[\\/].*\.test\.tsx?$/.test(file))
          .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(srcDir, file), 'utf8')))
          .map((file) => `src/${file.split(path.sep).join('/')}`);
        return [
          {
            extends: true,
            test: {
              name: 'shared',
              isolate: false,
              include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
              exclude: mocking,
            },
          },
          { extends: true, test: { name: 'isolated', include: mocking.length ? mocking : ['no-such-file'] } },
        ];
      })(),
    },
  };
});
