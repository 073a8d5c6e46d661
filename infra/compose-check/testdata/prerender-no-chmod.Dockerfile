# The prerender hook copied without its executable bit: the nginx entrypoint would skip it.
FROM nginx:1.27-alpine
RUN apk add --no-cache nodejs
COPY infra/docker/prerender/prerender.sh /docker-entrypoint.d/40-fm-prerender.sh
ENV FM_PRERENDER_DIR=/var/lib/fairway-mind/public
