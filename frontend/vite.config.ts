/// <reference types="vitest/config" />
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

// Libraries every page needs: one long-cached chunk. Everything else (MUI components, pages,
// member area, Stripe) is split per route by the lazy imports in src/app/router.tsx.
const coreVendor =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|react-redux|redux|@reduxjs[\\/]toolkit|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/;

export default defineConfig({
  plugins: [react(), chunkModulesReport(), precompressAssets()],
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
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    testTimeout: 30000,
  },
});
