# The prerender hook copied without its executable bit: the nginx entrypoint would skip it.
FROM nginx:1.27-alpine
COPY --from=node:24-alpine /usr/local/bin/node /usr/local/bin/node
COPY infra/docker/prerender/prerender.sh /docker-entrypoint.d/40-fm-prerender.sh
ENV FM_PRERENDER_DIR=/var/lib/fairway-mind/public
