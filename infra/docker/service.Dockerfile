# syntax=docker/dockerfile:1
# One image per Fairway Mind service:
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=content -t fm-content .
# SERVICE is auth | content | courses | contact | billing (a folder under services/).
ARG NODE_IMAGE=node:20-bookworm-slim
# The lock file is written by npm 11; use the same major to read it.
ARG NPM_VERSION=11

# ---- build: TypeScript → services/<SERVICE>/dist (and services/shared/dist) ------------
FROM ${NODE_IMAGE} AS build
ARG SERVICE
ARG NPM_VERSION
RUN test -n "$SERVICE" || (echo "build arg SERVICE is required (auth, content, courses, contact, billing)" >&2; exit 1)
RUN npm install -g "npm@${NPM_VERSION}" --no-audit --no-fund --loglevel=error
WORKDIR /app
# Every workspace manifest, so npm ci sees the same workspace set the lock file was made with;
# only the two workspaces built here (and the root's dev tools: typescript) get installed.
COPY package.json package-lock.json tsconfig.base.json ./
COPY services/shared/package.json services/shared/
COPY services/auth/package.json services/auth/
COPY services/content/package.json services/content/
COPY services/courses/package.json services/courses/
COPY services/contact/package.json services/contact/
COPY services/billing/package.json services/billing/
COPY frontend/package.json frontend/
COPY infra/smtp-sink/package.json infra/smtp-sink/
COPY e2e/package.json e2e/
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund --loglevel=error --include-workspace-root \
      -w services/shared -w "services/${SERVICE}"
COPY services/shared/ services/shared/
COPY services/${SERVICE}/ services/${SERVICE}/
RUN npx tsc -b "services/${SERVICE}"

# ---- production dependencies only ------------------------------------------------------
FROM build AS prod-deps
ARG SERVICE
RUN --mount=type=cache,target=/root/.npm \
    rm -rf node_modules services/*/node_modules && \
    npm ci --no-audit --no-fund --loglevel=error --omit=dev -w services/shared -w "services/${SERVICE}"

# ---- runtime ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ENV NODE_ENV=production \
    SERVICE=${SERVICE}
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/package.json ./
COPY --from=prod-deps --chown=root:root /app/node_modules/ node_modules/
COPY --from=build --chown=root:root /app/services/shared/package.json services/shared/
COPY --from=build --chown=root:root /app/services/shared/dist/ services/shared/dist/
COPY --from=build --chown=root:root /app/services/${SERVICE}/package.json services/${SERVICE}/
COPY --from=build --chown=root:root /app/services/${SERVICE}/dist/ services/${SERVICE}/dist/
# Workspace-local node_modules exist only when a version could not be hoisted.
COPY --from=prod-deps --chown=root:root /app/services/ /tmp/services/
RUN for d in shared "$SERVICE"; do \
      if [ -d "/tmp/services/$d/node_modules" ]; then cp -a "/tmp/services/$d/node_modules" "services/$d/"; fi; \
    done && rm -rf /tmp/services
WORKDIR /app/services/${SERVICE}
# Code is root-owned and read-only for the process; it runs as the image's "node" user.
USER node
# The compose file sets PORT per service; the check follows it.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/server.js"]
