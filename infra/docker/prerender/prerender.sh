#!/bin/sh
# The gateway image's prerender (issue 15): before nginx starts, renders the public pages from
# what the content service answers, for SITE_ORIGIN, with frontend/scripts/prerender.mjs and the
# image's own SSR bundle (every dependency inside: node alone runs it). The launcher does the same
# on the host (prerenderPages, infra/cli/app.ts).
#
# Runs as /docker-entrypoint.d/40-fm-prerender.sh (the nginx image's entrypoint runs it before
# nginx; Docker Compose) and from the start-up script of the Kubernetes gateway Deployment
# (infra/k8s/base/gateway.yaml). It never fails the start: when content does not answer within
# FM_PRERENDER_WAIT seconds, or the render fails, nginx starts anyway and serves the SPA shell for
# every page (with the image's robots.txt and manifest, and no sitemap), and the log says why.
# A page whose data failed keeps the SPA shell too. Afterwards the container's watcher
# (prerender-watch.sh, next in /docker-entrypoint.d) renders again after every catalogue change.
#
# Environment:
#   SITE_ORIGIN            the public origin of canonical URLs, Open Graph, JSON-LD, the sitemap;
#                          without it nothing is prerendered (never a localhost origin by default)
#   FM_PRERENDER_API       the content service (default http://content:4002, the compose name)
#   FM_PRERENDER_WAIT      seconds to wait for its /readyz (default 60)
#   FM_PRERENDER=off       skip the prerender
# Written to FM_PRERENDER_DIR (default /var/lib/fairway-mind/public, an emptyDir in Kubernetes,
# whose root filesystem is read-only): the html root's _prerendered, robots.txt, sitemap.xml and
# manifest.webmanifest are symbolic links into it (infra/docker/gateway.Dockerfile).
# POSIX sh with busybox tools (the nginx alpine image): wget, timeout, date.
set -u

home=${FM_PRERENDER_HOME:-/opt/fm-prerender}
out=${FM_PRERENDER_DIR:-/var/lib/fairway-mind/public}
api=${FM_PRERENDER_API:-http://content:4002}
api=${api%/}
wait_s=${FM_PRERENDER_WAIT:-60}
# One bound for the render itself (each of its requests has its own 30 s timeout).
render_s=${FM_PRERENDER_RENDER_TIMEOUT:-120}
origin=${SITE_ORIGIN:-}

log() { printf 'fm-prerender: %s\n' "$*"; }

case $wait_s in '' | *[!0-9]*)
  log "FM_PRERENDER_WAIT=$wait_s is not a number of seconds; waiting 60"
  wait_s=60
  ;;
esac
case $render_s in '' | *[!0-9]*) render_s=120 ;; esac

# The fallbacks first: whatever happens below, nginx finds the image's robots.txt and manifest,
# no sitemap and no prerendered page (the SPA shell), rather than the last start's leftovers.
if ! mkdir -p "$out" 2>/dev/null || ! rm -rf "$out/_prerendered" "$out/sitemap.xml" "$out/.next" ||
  ! cp "$home/dist/robots.txt" "$home/dist/manifest.webmanifest" "$out/"; then
  log "cannot write to $out; serving the SPA shell for every page"
  exit 0
fi

case ${FM_PRERENDER:-on} in off | false | 0 | no)
  log "FM_PRERENDER=${FM_PRERENDER}: not prerendering; serving the SPA shell for every page"
  exit 0
  ;;
esac
case $origin in http://?* | https://?*) ;; *)
  log "SITE_ORIGIN is not set to an http(s) origin (\"$origin\"); not prerendering, serving the SPA shell for every page"
  exit 0
  ;;
esac

# Content is ready when /readyz answers 200 (its MongoDB and Redis reachable). timeout, not
# wget -T: some busybox builds crash on it.
deadline=$(($(date +%s) + wait_s))
until timeout 5 wget -q -O /dev/null "$api/readyz" 2>/dev/null; do
  if [ "$(date +%s)" -ge "$deadline" ]; then
    log "the content service ($api/readyz) did not answer within ${wait_s} s; serving the SPA shell for every page (restart the gateway to prerender)"
    exit 0
  fi
  sleep 2
done

# Render next to the output, then move the result in: a render that stops half-way (killed by
# the timeout, or without the API's catalogue: exit 3) leaves nothing behind. prerender.mjs
# exits 1 when some page failed; the others are complete and served.
start=$(date +%s)
NODE_ENV=production timeout "$render_s" node "$home/scripts/prerender.mjs" \
  --api "$api" --origin "$origin" --out "$out/.next"
status=$?
if [ "$status" -gt 1 ] || [ ! -f "$out/.next/sitemap.xml" ]; then
  rm -rf "$out/.next"
  log "the prerender failed (exit $status); serving the SPA shell for every page"
  exit 0
fi
rm -rf "$out/_prerendered"
mv "$out/.next/_prerendered" "$out/.next/robots.txt" "$out/.next/sitemap.xml" \
  "$out/.next/manifest.webmanifest" "$out/" && rm -rf "$out/.next"
[ "$status" -eq 0 ] || log "some pages kept the SPA shell (a request for their data failed; see above)"
log "public pages prerendered for $origin from $api in $(($(date +%s) - start)) s"
exit 0
