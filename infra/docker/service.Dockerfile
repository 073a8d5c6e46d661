# syntax=docker/dockerfile:1
# One image per Fairway Mind service:
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=content -t fm-content .
# SERVICE is auth | content | courses | contact | billing | practice (a folder under services/).
ARG NODE_IMAGE=node:24-bookworm-slim
# The lock file is written by npm 11; use the same major to read it.
ARG NPM_VERSION=11

# ---- build: TypeScript → services/<SERVICE>/dist (and services/{contracts,shared}/dist) -
FROM ${NODE_IMAGE} AS build
ARG SERVICE
ARG NPM_VERSION
RUN test -n "$SERVICE" || (echo "build arg SERVICE is required (auth, content, courses, contact, billing, practice)" >&2; exit 1)
RUN npm install -g "npm@${NPM_VERSION}" --no-audit --no-fund --loglevel=error
WORKDIR /app
# Every workspace manifest, so npm ci sees the same workspace set the lock file was made with;
# only the three workspaces built here (and the root's dev tools: typescript) get installed.
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
    set -- --no-audit --no-fund --loglevel=error --include-workspace-root -w services/contracts -w services/shared -w "services/${SERVICE}"; \
    npm ci "$@" || npm install "$@"
COPY services/contracts/ services/contracts/
COPY services/shared/ services/shared/
COPY services/${SERVICE}/ services/${SERVICE}/
RUN npx tsc -b "services/${SERVICE}"

# ---- production dependencies only, assembled in /out -----------------------------------
FROM build AS prod-deps
ARG SERVICE
# npm ci, or npm install when npm ci refuses the lock (platform-only optional entries,
# npm/cli#4828; see README "Known issues").
RUN --mount=type=cache,target=/root/.npm \
    rm -rf node_modules services/*/node_modules && \
    set -- --no-audit --no-fund --loglevel=error --omit=dev -w services/contracts -w services/shared -w "services/${SERVICE}"; \
    npm ci "$@" || npm install "$@"
# The service's Node flags, from the registry (infra/lib/node-flags.js): the CMD puts them on the
# command line (Node refuses most V8 flags in NODE_OPTIONS).
COPY infra/lib/node-flags.js infra/lib/
RUN mkdir -p /out && node infra/lib/node-flags.js "$SERVICE" >/out/node-flags && \
    cp -a package.json node_modules /out/ && \
    for d in contracts shared "$SERVICE"; do \
      mkdir -p "/out/services/$d" && cp -a "services/$d/package.json" "services/$d/dist" "/out/services/$d/" && \
      if [ -d "services/$d/node_modules" ]; then cp -a "services/$d/node_modules" "/out/services/$d/"; fi; \
    done

# ---- runtime ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
# HOST: every interface of the container (the gateway is another container or pod);
# TRUSTED_PROXIES: the gateway's address is not fixed there, so any peer on loopback or a private
# range (compose networks, pod IPs) may set the client IP with X-Forwarded-For. Set a narrower
# range where the network allows it. No NODE_OPTIONS: the flags are on the command line (CMD).
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    HOST=0.0.0.0 \
    TRUSTED_PROXIES=loopback,private
# Code stays root-owned (read-only for the process); the process runs as the image's "node" user.
COPY --from=prod-deps /out/ /app/
WORKDIR /app/services/${SERVICE}
USER node
# PORT comes from the compose file; without it each service listens on its default port.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const p=process.env.PORT||{auth:4001,content:4002,courses:4003,contact:4004,billing:4005,practice:4006}[process.env.SERVICE];fetch('http://127.0.0.1:'+p+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The registry's flags (written at build, /app/node-flags) before the script; exec: node is the
# process the container's signals reach. A command given instead (the seed) runs without them.
CMD ["/bin/sh", "-c", "exec node $(cat /app/node-flags) dist/server.js"]
