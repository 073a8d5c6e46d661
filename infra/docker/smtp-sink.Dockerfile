# syntax=docker/dockerfile:1
# The development mail sink (infra/smtp-sink) for docker compose: SMTP 1025, HTTP API 1080.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NPM_VERSION=11

FROM ${NODE_IMAGE}
ARG NPM_VERSION
RUN npm install -g "npm@${NPM_VERSION}" --no-audit --no-fund --loglevel=error
WORKDIR /app
COPY package.json package-lock.json ./
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
    set -- --no-audit --no-fund --loglevel=error --omit=dev -w infra/smtp-sink; \
    npm ci "$@" || npm install "$@"
COPY infra/smtp-sink/src/ infra/smtp-sink/src/
USER node
EXPOSE 1025 1080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:1080/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "infra/smtp-sink/src/cli.js", "--host", "0.0.0.0", "--smtp-port", "1025", "--http-port", "1080"]
