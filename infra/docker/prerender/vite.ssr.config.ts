/**
 * The gateway image's SSR bundle (infra/docker/gateway.Dockerfile): frontend/vite.config.ts with
 * every dependency bundled in (`ssr.noExternal`), so the gateway container runs
 * frontend/scripts/prerender.mjs with node alone, no node_modules.
 *   npm exec -w frontend -- vite build --ssr src/prerender/entry-server.tsx \
 *     -c ../infra/docker/prerender/vite.ssr.config.ts --outDir <dir> --emptyOutDir
 */
import { defineConfig, mergeConfig } from 'vite';
import frontend from '../../../frontend/vite.config';

export default defineConfig((env) =>
  mergeConfig(typeof frontend === 'function' ? frontend(env) : frontend, {
    ssr: { noExternal: true, target: 'node' },
    // The SPA's public/ is in the image already; the bundle needs none of it.
    publicDir: false,
  }),
);
