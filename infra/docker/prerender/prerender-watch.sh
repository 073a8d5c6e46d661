#!/bin/sh
# The gateway image's prerender watcher (issue 25): after the prerender at start
# (40-fm-prerender.sh), starts frontend/scripts/prerender-watch.mjs in the background, next to
# nginx. It listens to the content service's catalogue announcements (Redis pub/sub on REDIS_URL,
# channel <REDIS_PREFIX>:content:catalogue-changed) and renders the public pages again into this
# container's FM_PRERENDER_DIR after every change (staged, then swapped file by file; a page that
# is gone or failed is withdrawn, so the SPA shell serves it). Each gateway replica runs its own,
# for its own pages. The launcher does the same on the host (start_prerender_watch,
# infra/cli/app.ts).
#
# Runs as /docker-entrypoint.d/50-fm-prerender-watch.sh (the nginx image's entrypoint runs it
# before nginx; Docker Compose) and from the start-up script of the Kubernetes gateway
# Deployment (infra/k8s/base/gateway.yaml). It never fails the start. Should the watcher stop,
# it is started again after 5 s (a new one compares the pages with the API and renders when they
# differ).
#
# Environment: SITE_ORIGIN, FM_PRERENDER_API, FM_PRERENDER_DIR, FM_PRERENDER (as
# prerender.sh), REDIS_URL (without it nothing is started: the pages stay as rendered at start),
# REDIS_PREFIX (default fm; the services' own), FM_PRERENDER_DEBOUNCE_MS, FM_PRERENDER_WITHDRAW_MS,
# FM_PRERENDER_CHECK_S (frontend/scripts/prerender-watch.mjs).
set -u

home=${FM_PRERENDER_HOME:-/opt/fm-prerender}
out=${FM_PRERENDER_DIR:-/var/lib/fairway-mind/public}
api=${FM_PRERENDER_API:-http://content:4002}
origin=${SITE_ORIGIN:-}

log() { printf 'fm-prerender-watch: %s\n' "$*"; }

case ${FM_PRERENDER:-on} in off | false | 0 | no)
  log "FM_PRERENDER=${FM_PRERENDER}: no watcher"
  exit 0
  ;;
esac
case $origin in http://?* | https://?*) ;; *)
  log "SITE_ORIGIN is not an http(s) origin: no watcher (nothing is prerendered)"
  exit 0
  ;;
esac
case ${REDIS_URL:-} in redis://?* | rediss://?*) ;; *)
  log "REDIS_URL is not set to a redis:// URL: no watcher; the pages stay as rendered at start (restart the gateway after catalogue edits)"
  exit 0
  ;;
esac

# In the background, its output in the container's log; the loop outlives this script (the
# entrypoint then execs nginx, which becomes its parent).
(
  while :; do
    NODE_ENV=production node "$home/scripts/prerender-watch.mjs" --api "$api" --origin "$origin" --out "$out"
    log "the watcher exited (status $?); starting it again in 5 s"
    sleep 5
  done
) </dev/null &
log "watcher started (pid $!): the public pages follow the catalogue"
exit 0
