# syntax=docker/dockerfile:1
# The gateway image: nginx with the built SPA (frontend/dist, checked free of Premium content),
# the generated audio (infra/media) and the compose rendering of gateway/nginx.conf.template baked in.
#   docker build -f infra/docker/gateway.Dockerfile -t fm-gateway .
ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginx:1.27-alpine
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

# ---- media (espeak-ng + sox + lame) and the rendered nginx config -----------------------
FROM ${NODE_IMAGE} AS media
RUN apt-get update && \
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends espeak-ng sox lame && \
    rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The guide texts: the clubs' (frontend, free course player) and the Premium guided
# visualizations' (content service catalogue; never in the SPA).
COPY frontend/src/config/clubs.json frontend/src/config/
COPY services/content/src/catalogue/guided-visualizations.json services/content/src/catalogue/
COPY infra/media/ infra/media/
RUN node infra/media/generate.js --out /out/media
COPY gateway/ gateway/
# Build-time knobs (docker-compose.yml passes them from .env); ARGs reach RUN as env vars.
ARG AUTH_PORT=4001 CONTENT_PORT=4002 COURSES_PORT=4003 CONTACT_PORT=4004 BILLING_PORT=4005
ARG GATEWAY_CLIENT_MAX_BODY_SIZE=1m GATEWAY_CSP_FRAME_SRC_EXTRA= GATEWAY_CSP_MEDIA_SRC_EXTRA=
RUN node gateway/render.js --mode compose --out /out/conf

# ---- nginx -----------------------------------------------------------------------------
FROM ${NGINX_IMAGE}
RUN rm -f /etc/nginx/conf.d/default.conf
COPY --from=media /out/conf/ /etc/nginx/
COPY --from=frontend /app/frontend/dist/ /usr/share/nginx/html/
COPY --from=media /out/media/ /usr/share/nginx/media/
# Build reports (dist/.vite) and the generator's state are not for the web.
RUN rm -rf /usr/share/nginx/html/.vite /usr/share/nginx/media/.manifest.json && nginx -t
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1:8080/index.html || exit 1
