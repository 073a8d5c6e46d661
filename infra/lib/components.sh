# shellcheck shell=bash
# Provisioning and the start-up of each component. Sourced by infra/stack.sh after common.sh.

STRIPE_MOCK_VERSION=v0.197.0
FERRETDB_SRC="$ROOT/infra/ferretdb"
COMPOSE_CHECK_SRC="$ROOT/infra/compose-check"
# The services, in the service registry's order (services/contracts/src/registry.json, issue 45
# §1). Read when sourced with whichever node is on PATH (reading JSON needs no particular
# version); without one, load_config reads it once provision_node has put .nvmrc's on PATH.
# Beside this script, like common.sh's ENV_READER (tests source it with a stand-in ROOT).
# SERVICE_NODE_FLAGS[<name>]: the flags on that service's `node` command line (the registry's,
# through node-flags.js beside this script, as the service image gets them).
REGISTRY_JSON="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/services/contracts/src/registry.json"
NODE_FLAGS_JS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/node-flags.js"
load_services() {
  local lines name flags
  lines=$(node "$NODE_FLAGS_JS" --registry "$REGISTRY_JSON") ||
    die "could not read the service registry (services/contracts/src/registry.json)"
  SERVICES=()
  while read -r name flags; do
    SERVICES+=("$name")
    SERVICE_NODE_FLAGS[$name]=$flags
  done <<<"$lines"
}
SERVICES=()
declare -A SERVICE_NODE_FLAGS=()
if command -v node >/dev/null 2>&1; then load_services; fi

# ---- provision -------------------------------------------------------------------------
# shellcheck source=infra/lib/provision.sh
. "$(dirname "${BASH_SOURCE[0]}")/provision.sh"

need_go() {
  command -v go >/dev/null 2>&1 || die "Go is needed to build $1 (Go ${2:-1.24}+ on PATH, GOTOOLCHAIN=local)"
}

# Cached Go builds: ~/.cache/fairway-mind/bin/<name>-<version or source hash>. A lock keeps
# two launchers from building the same binary at once.
ferretdb_bin() {
  go_build_cached FerretDB ferretdb "$FERRETDB_SRC" 1.24 \
    "a few minutes on a cold machine" "$FERRETDB_SRC/go.mod" "$FERRETDB_SRC/go.sum" "$FERRETDB_SRC/main.go"
}

# The docker-compose and Kubernetes checker (infra/compose-check: compose-go, Kustomize,
# k8s.io/api): keyed by its module files and sources, so an edit rebuilds it.
compose_check_bin() {
  local f src=()
  for f in "$COMPOSE_CHECK_SRC"/go.mod "$COMPOSE_CHECK_SRC"/go.sum "$COMPOSE_CHECK_SRC"/*.go; do
    [[ $f == *_test.go ]] || src+=("$f")
  done
  go_build_cached compose-check compose-check "$COMPOSE_CHECK_SRC" 1.24.3 \
    "compose-go, Kustomize and the k8s.io/api types: about 2 minutes on a cold 2-core machine" "${src[@]}"
}

# go_build_cached LABEL NAME SRC_DIR MIN_GO HINT KEY_FILES...: prints the path of the binary
# built from SRC_DIR, cached in $BIN_CACHE as NAME-<hash of KEY_FILES> (an edit rebuilds it);
# a lock keeps two launchers from building the same binary at once.
go_build_cached() {
  local label=$1 name=$2 src=$3 min_go=$4 hint=$5 key bin
  shift 5
  key=$(cat "$@" | sha256sum | cut -c1-12)
  bin="$BIN_CACHE/$name-$key"
  if [ ! -x "$bin" ]; then
    need_go "$label" "$min_go"
    mkdir -p "$BIN_CACHE"
    (
      flock 9
      [ -x "$bin" ] && exit 0
      say "    building $label (${src#"$ROOT"/}, first time only${hint:+; $hint})" >&2
      local t=$EPOCHREALTIME
      (cd "$src" && go build -trimpath -o "$bin.tmp" .) >"$LOG_DIR/build-$name.log" 2>&1 ||
        { tail -n 20 "$LOG_DIR/build-$name.log" >&2; exit 1; }
      mv "$bin.tmp" "$bin"
      say "    built $label in $(elapsed "$t") s" >&2
    ) 9>"$BIN_CACHE/.$name.lock" || die "$label build failed (log: .data/log/build-$name.log)"
  fi
  printf '%s' "$bin"
}

stripe_mock_bin() {
  local bin="$BIN_CACHE/stripe-mock-$STRIPE_MOCK_VERSION"
  if [ ! -x "$bin" ]; then
    need_go stripe-mock
    mkdir -p "$BIN_CACHE"
    (
      flock 9
      [ -x "$bin" ] && exit 0
      say "    building stripe-mock $STRIPE_MOCK_VERSION (first time only)" >&2
      local t=$EPOCHREALTIME tmp
      tmp=$(mktemp -d)
      GOBIN="$tmp" go install "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION" >"$LOG_DIR/build-stripe-mock.log" 2>&1 ||
        { tail -n 20 "$LOG_DIR/build-stripe-mock.log" >&2; rm -rf "$tmp"; exit 1; }
      mv "$tmp/stripe-mock" "$bin"
      rm -rf "$tmp"
      say "    built stripe-mock in $(elapsed "$t") s" >&2
    ) 9>"$BIN_CACHE/.stripe-mock.lock" || die "stripe-mock build failed (log: .data/log/build-stripe-mock.log)"
  fi
  printf '%s' "$bin"
}

# ---- infrastructure ------------------------------------------------------------------
start_redis() {
  local host port t=$EPOCHREALTIME
  host=$(url_host "$REDIS_URL") port=$(url_port "$REDIS_URL" 6379)
  # A Redis found running keeps its own settings (its memory ceiling too: docs/RELIABILITY.md).
  if redis_ping "$host" "$port"; then ok "Redis on $host:$port (already running)"; return; fi
  is_loopback "$host" || die "Redis did not answer at $REDIS_URL (not a local address, so not starting one)"
  tcp_open "$host" "$port" && die "port $port is taken by something that is not Redis; free it or change REDIS_URL"
  command -v redis-server >/dev/null 2>&1 || die "redis-server is not installed (make provision installs it)"
  mkdir -p "$DATA_DIR/redis"
  # A memory ceiling (REDIS_MAXMEMORY, 256mb), and at it writes fail rather than keys go
  # (noeviction: BullMQ loses no job to eviction); docs/RELIABILITY.md says what then happens.
  start_bg redis redis-server redis-server --bind "$host" --port "$port" --dir "$DATA_DIR/redis" \
    --daemonize no --appendonly no --save 60 1 --logfile "" \
    --maxmemory "${REDIS_MAXMEMORY:-256mb}" --maxmemory-policy noeviction
  wait_for 20 "Redis did not answer on $host:$port" redis redis_ping "$host" "$port"
  ok "Redis on $host:$port (started, $(elapsed "$t") s, data in .data/redis, maxmemory ${REDIS_MAXMEMORY:-256mb})"
}

mongo_ping() { node "$ROOT/infra/lib/mongo-ping.js" "$1" >/dev/null 2>&1; }

# FerretDB v1 applies a conditional update as a read and a write: the services' applyIfNewer then
# holds a Redis lock per record (MONGO_CAS_LOCK, services/shared/src/apply-if-newer.ts). Set for
# a FerretDB this starts or finds; MongoDB (mongod here, compose, Kubernetes) leaves it off.
mongo_cas_lock_for() {
  if [ "$(node "$ROOT/infra/lib/mongo-ping.js" "$MONGO_URL" 2>/dev/null)" = ferretdb ]; then
    export MONGO_CAS_LOCK=true
  fi
}

start_mongo() {
  start_mongo_server
  mongo_cas_lock_for
}

start_mongo_server() {
  local host port t=$EPOCHREALTIME
  host=$(url_host "$MONGO_URL") port=$(url_port "$MONGO_URL" 27017)
  if mongo_ping "$MONGO_URL"; then ok "MongoDB protocol on $host:$port (already running)"; return; fi
  is_loopback "$host" || die "MongoDB did not answer at $MONGO_URL (not a local address, so not starting one)"
  tcp_open "$host" "$port" && die "port $port answers but not as MongoDB; free it or change MONGO_URL"
  if command -v mongod >/dev/null 2>&1; then
    mkdir -p "$DATA_DIR/mongod"
    start_bg mongo mongod mongod --dbpath "$DATA_DIR/mongod" --bind_ip "$host" --port "$port"
    wait_for 60 "mongod did not answer on $host:$port" mongo mongo_ping "$MONGO_URL"
    ok "MongoDB (mongod) on $host:$port (started, $(elapsed "$t") s, data in .data/mongod)"
    return
  fi
  local bin pg
  bin=$(ferretdb_bin)
  if pg=$(ferretdb_postgresql_url); then
    start_bg mongo ferretdb- "$bin" -listen-addr "$host:$port" -handler postgresql -postgresql-url "$pg"
    wait_for 30 "FerretDB did not answer on $host:$port" mongo mongo_ping "$MONGO_URL"
    ok "MongoDB protocol (FerretDB/PostgreSQL) on $host:$port (started, $(elapsed "$t") s, data in ${pg%%\?*})"
    return
  fi
  [ "${FM_FERRETDB_HANDLER:-auto}" = postgresql ] && die "FerretDB: PostgreSQL backend requested but not available"
  mkdir -p "$DATA_DIR/ferretdb"
  start_bg mongo ferretdb- "$bin" -listen-addr "$host:$port" -data-dir "$DATA_DIR/ferretdb"
  wait_for 30 "FerretDB did not answer on $host:$port" mongo mongo_ping "$MONGO_URL"
  ok "MongoDB protocol (FerretDB/SQLite) on $host:$port (started, $(elapsed "$t") s, data in .data/ferretdb)"
}

# FerretDB's backend. PostgreSQL when one answers (FerretDB v1's SQLite handler scans the whole
# collection on every update, so writes slow down as collections grow; on PostgreSQL an update
# by id stays ~3 ms); SQLite otherwise. FM_FERRETDB_HANDLER=sqlite|postgresql|auto (default).
# Prints the PostgreSQL URL (its database created if missing) and succeeds only for PostgreSQL.
ferretdb_postgresql_url() {
  local want=${FM_FERRETDB_HANDLER:-auto}
  local url=${FM_FERRETDB_POSTGRESQL_URL:-postgres://postgres@127.0.0.1:5432/fairwaymind_ferretdb}
  [ "$want" = sqlite ] && return 1
  local db=${url##*/}
  db=${db%%\?*}
  local admin=${url%/*}/postgres
  if command -v psql >/dev/null 2>&1 && psql "$admin" -tAc 'select 1' >/dev/null 2>&1; then
    if [ "$(psql "$admin" -tAc "select 1 from pg_database where datname = '$db'" 2>/dev/null)" != 1 ]; then
      psql "$admin" -qc "create database \"$db\"" >/dev/null 2>&1 ||
        { [ "$want" = postgresql ] && die "could not create PostgreSQL database $db for FerretDB"; return 1; }
    fi
    printf '%s\n' "$url"
    return 0
  fi
  [ "$want" = postgresql ] && die "FM_FERRETDB_HANDLER=postgresql but PostgreSQL does not answer at $admin"
  return 1
}

stripe_mock_ok() { http_ok "$1" "$2" /v1/customers 'Authorization: Bearer sk_test_123'; }

start_stripe_mock() {
  if [ -z "${STRIPE_API_BASE:-}" ]; then ok "stripe-mock not needed (STRIPE_API_BASE empty: real Stripe)"; return; fi
  local host port t=$EPOCHREALTIME bin
  host=$(url_host "$STRIPE_API_BASE") port=$(url_port "$STRIPE_API_BASE" 12111)
  if stripe_mock_ok "$host" "$port"; then ok "stripe-mock on $host:$port (already running)"; return; fi
  is_loopback "$host" || { ok "Stripe API at $STRIPE_API_BASE (remote, not started here)"; return; }
  tcp_open "$host" "$port" && die "port $port is taken by something that is not stripe-mock; free it or change STRIPE_API_BASE"
  bin=$(stripe_mock_bin)
  # -https-addr on a random loopback port: otherwise stripe-mock also opens HTTPS on *:12112.
  start_bg stripe-mock stripe-mock- "$bin" -http-addr "$host:$port" -https-addr 127.0.0.1:0
  wait_for 20 "stripe-mock did not answer on $host:$port" stripe-mock stripe_mock_ok "$host" "$port"
  ok "stripe-mock $STRIPE_MOCK_VERSION on $host:$port (started, $(elapsed "$t") s)"
}

start_smtp_sink() {
  local host port http_port t=$EPOCHREALTIME
  host=$(url_host "$SMTP_URL") port=$(url_port "$SMTP_URL" 25) http_port=${SMTP_SINK_HTTP_PORT:-1080}
  if ! is_loopback "$host"; then ok "SMTP relay at $host:$port (remote, no sink started)"; return; fi
  if http_ok "$host" "$http_port" /healthz && tcp_open "$host" "$port"; then
    ok "SMTP sink on $host:$port, http://$host:$http_port/messages (already running)"
    return
  fi
  start_bg smtp-sink infra/smtp-sink/src/cli.js node "$ROOT/infra/smtp-sink/src/cli.js" \
    --smtp-port "$port" --http-port "$http_port" --host "$host"
  wait_for 15 "SMTP sink did not answer on $host:$port" smtp-sink http_ok "$host" "$http_port" /healthz
  ok "SMTP sink on $host:$port, http://$host:$http_port/messages (started, $(elapsed "$t") s)"
}

# On a cold machine several Go builds are needed (FerretDB, stripe-mock, and the BUILDERs
# named, e.g. compose_check_bin for the tests): run them side by side (downloads overlap).
# A builder whose binary is cached returns at once; a lone build happens on first use.
prebuild_go_binaries() {
  local need=("$@")
  if ! mongo_ping "$MONGO_URL" && ! command -v mongod >/dev/null 2>&1 && is_loopback "$(url_host "$MONGO_URL")"; then
    need+=(ferretdb_bin)
  fi
  if [ -n "${STRIPE_API_BASE:-}" ] && is_loopback "$(url_host "$STRIPE_API_BASE")" &&
    ! stripe_mock_ok "$(url_host "$STRIPE_API_BASE")" "$(url_port "$STRIPE_API_BASE" 12111)"; then
    need+=(stripe_mock_bin)
  fi
  [ ${#need[@]} -ge 2 ] || return 0
  local pids=() fn pid failed=0
  for fn in "${need[@]}"; do
    ("$fn" >/dev/null) &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  [ "$failed" = 0 ] || die "building the Go binaries failed (logs: .data/log/build-*.log)"
}

# start_infra [BUILDER...]: the builders are Go binaries the caller needs besides the infra's.
start_infra() {
  step "Infrastructure"
  prebuild_go_binaries "$@"
  start_redis
  start_mongo
  start_stripe_mock
  start_smtp_sink
}

# ---- the application -----------------------------------------------------------------
require_built_sources() {
  local s missing=()
  for s in "${SERVICES[@]}"; do [ -f "$ROOT/services/$s/src/server.ts" ] || missing+=("services/$s/src/server.ts"); done
  [ -f "$ROOT/frontend/index.html" ] || missing+=("frontend/index.html")
  [ ${#missing[@]} -eq 0 ] || die "the application is not complete yet; missing: ${missing[*]}"
}

build_app() {
  step "Build"
  require_built_sources
  local t=$EPOCHREALTIME
  (cd "$ROOT" && npm run --silent build:services) >"$LOG_DIR/build-services.log" 2>&1 ||
    { tail -n 40 "$LOG_DIR/build-services.log" >&2; die "service build failed (log: .data/log/build-services.log)"; }
  ok "services built (tsc -b) in $(elapsed "$t") s"
  t=$EPOCHREALTIME
  local stamp="$ROOT/frontend/dist/index.html" newer=""
  if [ -f "$stamp" ]; then
    newer=$(find "$ROOT/frontend" -path "$ROOT/frontend/node_modules" -prune -o -path "$ROOT/frontend/dist" -prune \
      -o -type f -newer "$stamp" -print -quit)
    [ "$ROOT/package-lock.json" -nt "$stamp" ] && newer=package-lock.json
  fi
  if [ -f "$stamp" ] && [ -z "$newer" ] && [ "${FM_FORCE_BUILD:-0}" != 1 ]; then
    ok "frontend/dist up to date"
  else
    # NODE_ENV from .env.example (development) would make vite bundle React's development build.
    (cd "$ROOT" && NODE_ENV=production npm run --silent build -w frontend) >"$LOG_DIR/build-frontend.log" 2>&1 ||
      { tail -n 40 "$LOG_DIR/build-frontend.log" >&2; die "frontend build failed (log: .data/log/build-frontend.log)"; }
    touch "$stamp"
    ok "frontend built (vite) in $(elapsed "$t") s"
  fi
}

generate_media() {
  step "Media"
  node "$ROOT/infra/media/generate.js" --out "$ROOT/media/generated" | sed 's/^/    /'
  [ "${PIPESTATUS[0]}" = 0 ] || die "media generation failed"
}

seed() {
  step "Seed"
  local t=$EPOCHREALTIME
  [ -f "$ROOT/services/content/dist/seed.js" ] || die "services/content/dist/seed.js is missing (the content service's seed command)"
  (cd "$ROOT" && node services/content/dist/seed.js) >>"$LOG_DIR/seed.log" 2>&1 ||
    { tail -n 30 "$LOG_DIR/seed.log" >&2; die "seed failed (log: .data/log/seed.log)"; }
  ok "catalogue seeded in $(elapsed "$t") s"
}

# The public pages as static HTML for visitors (frontend/scripts/prerender.mjs, issue 15), from
# what the content service answers: so after the seed and the services, before the gateway.
prerender_pages() {
  step "Prerender"
  local t=$EPOCHREALTIME
  (cd "$ROOT" && node frontend/scripts/prerender.mjs --api "http://127.0.0.1:$CONTENT_PORT" --origin "$SITE_ORIGIN") \
    >"$LOG_DIR/prerender.log" 2>&1 ||
    { tail -n 20 "$LOG_DIR/prerender.log" >&2; die "prerendering the public pages failed (log: .data/log/prerender.log)"; }
  ok "public pages prerendered for $SITE_ORIGIN in $(elapsed "$t") s"
}

# The watcher that renders the public pages again after every catalogue change (issue 25): it
# listens to content's announcements on Redis (REDIS_URL, REDIS_PREFIX) and swaps the new pages
# into frontend/dist (frontend/scripts/prerender-watch.mjs). A process like the others (pid file,
# .data/log/prerender-watch.log; make stop stops it).
prerender_watch_subscribed() {
  # The log is appended to by every start: only the lines since the last start count.
  awk '/^--- .* start: /{ok=0} /prerender-watch: subscribed to /{ok=1} END{exit !ok}' "$LOG_DIR/prerender-watch.log"
}
start_prerender_watch() {
  step "Prerender watcher"
  # NODE_ENV=production: React and Redux without their development checks (a render is faster).
  NODE_ENV=production start_bg prerender-watch "frontend/scripts/prerender-watch.mjs" node "$ROOT/frontend/scripts/prerender-watch.mjs" \
    --api "http://127.0.0.1:$CONTENT_PORT" --origin "$SITE_ORIGIN" --out "$ROOT/frontend/dist" \
    --redis-url "$REDIS_URL" --redis-prefix "${REDIS_PREFIX:-fm}"
  wait_for 30 "the prerender watcher did not subscribe to the catalogue announcements" prerender-watch \
    prerender_watch_subscribed
  ok "public pages follow the catalogue (${REDIS_PREFIX:-fm}:content:catalogue-changed; log .data/log/prerender-watch.log)"
}

service_port() { local var="${1^^}_PORT"; printf '%s' "${!var}"; }

# Each service's replicas (FM_REPLICAS, infra/lib/replicas.sh; one each by default).
start_services() {
  step "Services"
  local s name port pid flags
  replicas_parse
  for s in "${SERVICES[@]}"; do
    replicas_stop_surplus "$s"
    while read -r name port; do
      if pid=$(pid_of "$name"); then stop_one "$name"; fi
      tcp_open 127.0.0.1 "$port" && die "port $port ($name) is already in use by another process; stop it or change ${s^^}_PORT"
      [ -f "$ROOT/services/$s/dist/server.js" ] || die "services/$s/dist/server.js is missing (build failed?)"
      # HOST: loopback only (the local gateway and the other services reach them there). The
      # registry's flags on the command line, none from NODE_OPTIONS (the image's way too).
      read -ra flags <<<"${SERVICE_NODE_FLAGS[$s]}"
      HOST=127.0.0.1 PORT=$port NODE_OPTIONS='' start_bg "$name" "services/$s/dist/server.js" \
        node "${flags[@]}" "$ROOT/services/$s/dist/server.js"
    done < <(replica_list "$s")
  done
  for s in "${SERVICES[@]}"; do
    while read -r name port; do
      wait_for 30 "$name did not answer /healthz on 127.0.0.1:$port" "$name" http_ok 127.0.0.1 "$port" /healthz
      wait_for 30 "$name is up but not ready (/readyz on 127.0.0.1:$port: Mongo or Redis unreachable?)" "$name" \
        http_ok 127.0.0.1 "$port" /readyz
      ok "$name on 127.0.0.1:$port"
    done < <(replica_list "$s")
  done
}

nginx_cmd() { command -v nginx 2>/dev/null || printf /usr/sbin/nginx; }

# start_nginx NAME PREFIX HOST PORT_VAR [EXTEND]: the product's nginx as the process NAME, for
# the gateway and the bench gateway. Stops an older NAME, refuses a port (the value of PORT_VAR)
# that another process holds, renders the product's config (gateway/render.js --mode local, with
# every replica of FM_REPLICAS upstream) for that port into PREFIX/conf, lets the function EXTEND
# add to it (called with PREFIX), checks it with nginx -t, starts nginx and waits until it answers
# on HOST.
start_nginx() {
  local name=$1 prefix=$2 host=$3 port_var=$4 extend=${5:-} nginx port
  port=${!port_var}
  nginx=$(nginx_cmd)
  stop_one "$name"
  tcp_open "$host" "$port" && die "port $port is already in use by another process; stop it or change $port_var"
  replicas_parse
  replicas_export_upstreams
  mkdir -p "$prefix/conf" "$prefix/logs"
  GATEWAY_PORT=$port node "$ROOT/gateway/render.js" --mode local --out "$prefix/conf" --prefix "$prefix" \
    --root "$ROOT/frontend/dist" --media "$ROOT/media/generated" >/dev/null || die "rendering the nginx config ($name) failed"
  [ -z "$extend" ] || "$extend" "$prefix"
  "$nginx" -t -q -p "$prefix" -e "$prefix/logs/error.log" -c conf/nginx.conf 2>"$LOG_DIR/$name-nginx-test.log" ||
    { cat "$LOG_DIR/$name-nginx-test.log" >&2; die "nginx -t rejected the config of $name (${prefix#"$ROOT"/}/conf/nginx.conf)"; }
  start_bg "$name" "$prefix" "$nginx" -p "$prefix" -e "$prefix/logs/error.log" -c conf/nginx.conf -g 'daemon off;'
  wait_for 15 "nginx ($name) did not answer on $host:$port" "$name" http_any "$host" "$port" /index.html
}

start_gateway() {
  step "Gateway"
  start_nginx gateway "$DATA_DIR/nginx" "${GATEWAY_HOST:-127.0.0.1}" GATEWAY_PORT
  ok "nginx on http://localhost:$GATEWAY_PORT (config .data/nginx/conf, logs .data/nginx/logs)"
}
