# syntax=docker/dockerfile:1
# The gateway image: nginx with the built SPA (frontend/dist, checked free of Premium content),
# the generated audio (infra/media) and the compose rendering of gateway/nginx.conf.template baked
# in, and the prerender of the public pages (issue 15), which runs at start, before nginx
# (infra/docker/prerender/prerender.sh: against the content service, for SITE_ORIGIN), then
# again after every catalogue change (infra/docker/prerender/prerender-watch.sh, issue 25).
#   docker build -f infra/docker/gateway.Dockerfile -t fm-gateway .
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginx:1.27-alpine
# The node the prerender runs on in the nginx image: the same major as NODE_IMAGE, built for musl.
ARG NODE_ALPINE_IMAGE=node:24-alpine
ARG NPM_VERSION=11

# ---- frontend: vite build → /app/frontend/dist -----------------------------------------
FROM ${NODE_IMAGE} AS frontend
ARG NPM_VERSION
RUN npm install -g "npm@${NPM_VERSION}" --no-audit --no-fund --loglevel=error
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY services/contracts/package.json services/contracts/
COPY services/shared/package.json services/shared/
COPY services/auth/package.json services/auth/
COPY services/content/package.json services/content/
COPY services/courses/package.json services/courses/
COPY services/contact/package.json services/contact/
COPY services/billing/package.json services/billing/
COPY services/practice/package.json services/practice/
COPY frontend/package.json frontend/
COPY infra/smtp-sink/package.json infra/smtp-sink/
COPY e2e/package.json e2e/
# npm ci, or npm install when npm ci refuses the lock (platform-only optional entries,
# npm/cli#4828; see README "Known issues").
RUN --mount=type=cache,target=/root/.npm \
    set -- --no-audit --no-fund --loglevel=error -w frontend; \
    npm ci "$@" || npm install "$@"
COPY frontend/ frontend/
# The API's types (the SPA imports them with `import type`; Vite resolves the alias).
COPY services/contracts/src/ services/contracts/src/
# The build must hold no Premium text or link: the check reads them from the content
# service's catalogue source (frontend/scripts/check-no-premium.mjs).
COPY services/content/src/catalogue/ services/content/src/catalogue/
RUN npm run build -w frontend && npm run check:premium -w frontend
# The SSR bundle for the prerender at start, with every dependency inside (no node_modules in
# the gateway image); the same pages as frontend/dist-ssr renders.
COPY infra/docker/prerender/vite.ssr.config.ts infra/docker/prerender/
RUN npm exec -w frontend -- vite build --ssr src/prerender/entry-server.tsx \
      -c ../infra/docker/prerender/vite.ssr.config.ts --outDir /out/dist-ssr --emptyOutDir && \
    rm -rf /out/dist-ssr/.vite

# ---- media (espeak-ng + sox + lame) and the rendered nginx config -----------------------
FROM ${NODE_IMAGE} AS media
RUN apt-get update && \
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends espeak-ng sox lame && \
    rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The guide texts: the clubs' (the contracts' club list, free course player) and the Premium guided
# visualizations' (content service catalogue; never in the SPA).
COPY services/contracts/src/clubs.json services/contracts/src/
COPY services/content/src/catalogue/guided-visualizations.json services/content/src/catalogue/
COPY infra/media/ infra/media/
RUN node infra/media/generate.js --out /out/media
# The service registry: the services, their ports and /api locations (gateway/render.js).
COPY services/contracts/src/registry.json services/contracts/src/
COPY gateway/ gateway/
# Build-time knobs (docker-compose.yml passes them from .env); ARGs reach RUN as env vars.
ARG AUTH_PORT=4001 CONTENT_PORT=4002 COURSES_PORT=4003 CONTACT_PORT=4004 BILLING_PORT=4005 PRACTICE_PORT=4006
ARG GATEWAY_CLIENT_MAX_BODY_SIZE=1m GATEWAY_CSP_FRAME_SRC_EXTRA= GATEWAY_CSP_MEDIA_SRC_EXTRA=
RUN node gateway/render.js --mode compose --out /out/conf

# ---- node for Alpine ----------------------------------------------------------------------
FROM ${NODE_ALPINE_IMAGE} AS node-alpine

# ---- nginx -----------------------------------------------------------------------------
FROM ${NGINX_IMAGE}
# node runs the prerender at start: .nvmrc's major (infra/test/node-pin.js), not Alpine's nodejs
# package (whose version follows the Alpine release). The binary comes with the C++ runtime it was
# built against, in /usr/local/lib (apart from apk's files); `node --version` fails the build
# when it does not run on this image.
COPY --from=node-alpine /usr/local/bin/node /usr/local/bin/node
COPY --from=node-alpine /usr/lib/libstdc++.so.6* /usr/lib/libgcc_s.so.1 /usr/local/lib/
RUN node --version && rm -f /etc/nginx/conf.d/default.conf
COPY --from=media /out/conf/ /etc/nginx/
COPY --from=frontend /app/frontend/dist/ /usr/share/nginx/html/
COPY --from=media /out/media/ /usr/share/nginx/media/
# The prerender (FM_PRERENDER_HOME): the script, the SSR bundle, the SPA build it reads
# (index.html, the Vite manifest, the font CSS; robots.txt and the manifest as fallbacks).
COPY --from=frontend /app/frontend/dist/ /opt/fm-prerender/dist/
COPY --from=frontend /out/dist-ssr/ /opt/fm-prerender/dist-ssr/
COPY frontend/scripts/prerender.mjs frontend/scripts/prerender-site.mjs frontend/scripts/prerender-watch.mjs \
     frontend/scripts/prerender-publish.mjs frontend/scripts/redis-subscribe.mjs /opt/fm-prerender/scripts/
COPY --chmod=755 infra/docker/prerender/prerender.sh /docker-entrypoint.d/40-fm-prerender.sh
# Then the watcher, in the background next to nginx: the pages are rendered again after every
# catalogue change (content's announcement on Redis; needs REDIS_URL).
COPY --chmod=755 infra/docker/prerender/prerender-watch.sh /docker-entrypoint.d/50-fm-prerender-watch.sh
# What the prerender writes lives in FM_PRERENDER_DIR (writable; an emptyDir in Kubernetes, whose
# root filesystem is read-only): the html root links to it. Build reports (dist/.vite) and the
# generator's state are not for the web.
ARG CONTENT_PORT=4002
ENV FM_PRERENDER_HOME=/opt/fm-prerender \
    FM_PRERENDER_DIR=/var/lib/fairway-mind/public \
    FM_PRERENDER_API=http://content:${CONTENT_PORT}
RUN set -eu; html=/usr/share/nginx/html; \
    printf '{"type":"module","private":true}\n' > "$FM_PRERENDER_HOME/package.json"; \
    rm -rf "$html/.vite" /usr/share/nginx/media/.manifest.json \
      "$FM_PRERENDER_HOME/dist/.vite/chunk-modules.json"; \
    mkdir -p "$FM_PRERENDER_DIR" && chown nginx:nginx "$FM_PRERENDER_DIR"; \
    for f in _prerendered robots.txt sitemap.xml manifest.webmanifest; do \
      rm -rf "${html:?}/$f" && ln -s "$FM_PRERENDER_DIR/$f" "$html/$f"; \
    done; \
    nginx -t
EXPOSE 8080
# start-period: the prerender runs before nginx (up to FM_PRERENDER_WAIT + its render bound).
HEALTHCHECK --interval=10s --timeout=3s --start-period=180s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1:8080/index.html || exit 1
