#!/usr/bin/env bash
# Fairway Mind local stack launcher (no Docker needed). The Makefile targets call it.
#
#   infra/stack.sh run        provision, start infra, build, media, seed, services, nginx on
#                             http://localhost:$GATEWAY_PORT; foreground until Ctrl-C, then
#                             stops what it started
#   infra/stack.sh up         the same, left running in the background (stop: infra/stack.sh stop)
#   infra/stack.sh test       provision, start the infra tests need, run every suite, print
#                             "N passed, N failed"; exits non-zero on any failure
#   infra/stack.sh test-resilience  the app as for the browser tests, then only the resilience suite
#   infra/stack.sh infra      provision and start Redis, MongoDB/FerretDB, stripe-mock, SMTP sink
#   infra/stack.sh provision  Debian packages, npm ci, (Go binaries are built on first use)
#   infra/stack.sh stop       stop everything the launcher started (pid files in .data/run)
#   infra/stack.sh status     what runs, where
#   infra/stack.sh bench      the logged-in hot path through nginx against two bare-Koa
#                             baselines, RSS per service, event propagation (infra/lib/bench.sh)
#   infra/stack.sh compose-check  load the docker-compose files with compose-go and build the
#                             Kubernetes overlays with Kustomize; check them (no Docker, no cluster)
#
# Config: .env.example, then .env, then the environment. State: .data/ (pids, logs, data).
# Go binaries: ${FM_CACHE_DIR:-~/.cache/fairway-mind}/bin. Knobs: FM_SKIP_APT=1,
# FM_FORCE_BUILD=1, FM_E2E=0 (skip browser tests), FM_TEST_TIMEOUT (s per suite, 1800),
# FM_TEST_PARALLEL=0 (test: the suites one after another instead of in lanes),
# FM_REPLICAS="content=3 auth=2" (run/up: processes per service, ports +10 each; infra/lib/replicas.sh).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# shellcheck source=infra/lib/common.sh
. "$ROOT/infra/lib/common.sh"
# shellcheck source=infra/lib/components.sh
. "$ROOT/infra/lib/components.sh"
# shellcheck source=infra/lib/bench.sh
. "$ROOT/infra/lib/bench.sh"
# shellcheck source=infra/lib/replicas.sh
. "$ROOT/infra/lib/replicas.sh"
# shellcheck source=infra/lib/suites.sh
. "$ROOT/infra/lib/suites.sh"

on_exit() {
  local code=$?
  trap - EXIT INT TERM
  stop_lanes
  if [ ${#STARTED[@]} -gt 0 ]; then
    step "Stopping what this run started"
    stop_started
  fi
  exit "$code"
}

prepare() {
  mkdir -p "$RUN_DIR" "$LOG_DIR"
  provision_node # first: every node the launcher runs or starts is .nvmrc's (infra/lib/node.sh)
  load_config
}

provision() {
  step "Provision"
  local t=$EPOCHREALTIME
  provision_apt "${1:-0}"
  provision_npm
  ok "provisioned in $(elapsed "$t") s"
}

bring_up_app() {
  build_app
  start_app
}

# The built application started: media, seed, services, prerendered pages, gateway.
start_app() {
  generate_media
  seed
  start_services
  prerender_pages
  start_prerender_watch
  start_gateway
}

cmd_run() {
  trap on_exit EXIT
  # Ctrl-C is how a run ends: a clean stop, not a failure.
  trap 'exit 0' INT
  trap 'exit 143' TERM
  local t=$EPOCHREALTIME
  provision 0
  start_infra
  bring_up_app
  say ""
  say "Fairway Mind is up on http://localhost:$GATEWAY_PORT (ready in $(elapsed "$t") s)"
  say "Mail sink: http://127.0.0.1:${SMTP_SINK_HTTP_PORT:-1080}/messages   logs: .data/log/, .data/nginx/logs/"
  say "Press Ctrl-C to stop."
  # Returns when a process this run started exits (or on Ctrl-C, through the trap).
  local code=0
  wait -n || code=$?
  local name
  for name in "${STARTED[@]}"; do
    if ! pid_of "$name" >/dev/null; then
      warn "$name stopped unexpectedly (exit $code); last lines of .data/log/$name.log:"
      log_tail "$name" 20
    fi
  done
  exit 1
}

cmd_up() {
  trap on_exit EXIT
  provision 0
  start_infra
  bring_up_app
  STARTED=() # leave everything running
  say ""
  say "Fairway Mind is up on http://localhost:$GATEWAY_PORT (stop with: make stop)"
}

cmd_infra() {
  trap on_exit EXIT
  provision 0
  start_infra
  STARTED=()
}

has_e2e() {
  [ "${FM_E2E:-1}" != 0 ] && [ -f "$ROOT/e2e/package.json" ] &&
    node -e "process.exit(require('$ROOT/e2e/package.json').scripts?.test ? 0 : 1)"
}

cmd_test() {
  trap on_exit EXIT
  trap 'exit 130' INT TERM
  # One test run at a time per work tree (they share the infra and .data/test).
  exec 8>"$RUN_DIR/test.lock"
  flock -n 8 || { say "another test run holds .data/run/test.lock; waiting for it"; flock 8; }
  local t=$EPOCHREALTIME e2e=0
  has_e2e && e2e=1
  provision "$e2e"
  start_infra compose_check_bin
  COMPOSE_CHECK=$(compose_check_bin)

  TEST_DIR="$DATA_DIR/test"
  rm -rf "$TEST_DIR"
  mkdir -p "$TEST_DIR"

  if [ "${FM_TEST_PARALLEL:-1}" = 0 ]; then
    # One suite after another, each one's output as it comes (FM_TEST_PARALLEL=0).
    if [ "$e2e" = 1 ]; then build_app; fi
    local fn
    for fn in suite_static suite_compose suite_infra suite_cluster suite_services suite_frontend; do "$fn" run_suite; done
    if [ "$e2e" = 1 ]; then suite_resilience_stack run_suite; fi
    if [ "$e2e" = 1 ]; then bring_up_test_app; fi
  else
    # The build first, alone: the gateway and service suites run what it writes (frontend/dist,
    # services/*/dist; they build it themselves only when it is missing), so nothing writes
    # there while they run. Then the suites that need no application in three lanes side by
    # side, while the application starts for the browser suites. Each suite keeps one core
    # busy at most (tsc, eslint, prettier, Jest in band and Vitest's single worker on 2 cores)
    # and Jest waits on Redis/MongoDB much of the time: one after another they left a core idle.
    if [ "$e2e" = 1 ]; then build_app; fi
    step "Tests without the application, in three lanes (each suite's output when it ends)"
    local lane1="suite_static suite_compose suite_infra suite_cluster"
    if [ "$e2e" = 1 ]; then lane1+=" suite_resilience_stack"; fi
    run_lanes "$lane1" "suite_services" "suite_frontend"
    if [ "$e2e" = 1 ]; then bring_up_test_app; fi
    step "Waiting for the suites in the lanes"
    wait_lanes
  fi

  if [ "$e2e" = 1 ]; then
    # The suites against the application, one at a time (they share it, and lighthouse
    # measures speed).
    E2E_BASE_URL="http://localhost:$GATEWAY_PORT" BASE_URL="http://localhost:$GATEWAY_PORT" \
      SMTP_SINK_URL="http://127.0.0.1:${SMTP_SINK_HTTP_PORT:-1080}" CHROMIUM_PATH=/usr/bin/chromium \
      FM_TEST_REPORT="$TEST_DIR/e2e.json" \
      run_suite e2e "$TEST_DIR/e2e.json" npm test -w e2e
    # Races and hostile input against the same app, and the MongoDB restart (resilience/README.md);
    # the faults and replicas scenarios ran in the first lane (suite_resilience_stack).
    RESILIENCE_ONLY=fuzz,races,mongo RESILIENCE_BASE_URL="http://localhost:$GATEWAY_PORT" \
      run_suite resilience "" npm test -w resilience
    # The production build the browser suite used: the app's JS for / within budget, and no
    # member-area chunk on public pages (prints the figures per page); and no Premium text or
    # link anywhere in it (they come from the content service to Premium members only).
    run_lighthouse
    run_suite budget "" npm run budget -w frontend
    run_suite premium "" npm run check:premium -w frontend
  fi

  step "Stopping what this run started"
  stop_started
  say "    (test run took $(elapsed "$t") s)"
  order_suites
  node "$ROOT/infra/test/summarize.js" "$TEST_DIR/suites.tsv"
}

# The application for the browser suites, built (build_app) and started.
bring_up_test_app() {
  step "Application for the browser tests"
  # Each run signs up several members and sends a contact message from 127.0.0.1; runs close
  # together must not meet the per-IP throttles that protect the real site.
  export AUTH_SIGNUPS_PER_HOUR=${FM_E2E_SIGNUPS_PER_HOUR:-1000}
  export CONTACT_RATE_LIMIT=${FM_E2E_CONTACT_RATE_LIMIT:-1000}
  start_app
}

# Lighthouse (mobile, median of 3 runs) on the public pages of the production build behind the
# gateway the browser suite used (perf/lighthouse.mjs, issue 15): prints each page's scores, FCP,
# LCP, TBT, CLS and JS bytes; fails below perf 90, a11y 100, best practices 95, SEO 100, CLS 0.02.
run_lighthouse() {
  BASE_URL="http://localhost:$GATEWAY_PORT" CHROMIUM_PATH=/usr/bin/chromium FM_TEST_REPORT="$TEST_DIR/lighthouse.json" \
    run_suite lighthouse "" npm test -w perf
}

# make test-resilience: the app brought up as for the browser tests, then only the resilience suite.
cmd_test_resilience() {
  trap on_exit EXIT
  trap 'exit 130' INT TERM
  exec 8>"$RUN_DIR/test.lock"
  flock -n 8 || { say "another test run holds .data/run/test.lock; waiting for it"; flock 8; }
  local t=$EPOCHREALTIME
  provision 0
  start_infra
  TEST_DIR="$DATA_DIR/test-resilience"
  rm -rf "$TEST_DIR"
  mkdir -p "$TEST_DIR"
  step "Application for the resilience suite"
  export AUTH_SIGNUPS_PER_HOUR=${FM_E2E_SIGNUPS_PER_HOUR:-1000}
  export CONTACT_RATE_LIMIT=${FM_E2E_CONTACT_RATE_LIMIT:-1000}
  bring_up_app
  RESILIENCE_BASE_URL="http://localhost:$GATEWAY_PORT" run_suite resilience "" npm test -w resilience
  step "Stopping what this run started"
  stop_started
  say "    (test run took $(elapsed "$t") s)"
  node "$ROOT/infra/test/summarize.js" "$TEST_DIR/suites.tsv"
}

cmd_status() {
  local f name pid
  say "Launcher processes (.data/run):"
  for f in "$RUN_DIR"/*.pid; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .pid)
    [ "$name" = test ] && continue
    if pid=$(pid_of "$name"); then say "  running  $name (pid $pid)"; else say "  gone     $name (stale pid file)"; fi
  done
  say "Probes:"
  redis_ping "$(url_host "$REDIS_URL")" "$(url_port "$REDIS_URL" 6379)" && say "  Redis     up   $REDIS_URL" || say "  Redis     down $REDIS_URL"
  mongo_ping "$MONGO_URL" && say "  MongoDB   up   $MONGO_URL" || say "  MongoDB   down $MONGO_URL"
  local s name port
  replicas_parse
  [ -n "${FM_REPLICAS:-}" ] || replicas_from_pid_files
  for s in "${SERVICES[@]}"; do
    while read -r name port; do
      http_ok 127.0.0.1 "$port" /readyz && say "  $(printf '%-9s' "$name") up   :$port" || say "  $(printf '%-9s' "$name") down :$port"
    done < <(replica_list "$s")
  done
  http_any "${GATEWAY_HOST:-127.0.0.1}" "$GATEWAY_PORT" /index.html &&
    say "  gateway   up   http://localhost:$GATEWAY_PORT" || say "  gateway   down :$GATEWAY_PORT"
}

main() {
  local cmd=${1:-help}
  prepare
  case "$cmd" in
    run) cmd_run ;;
    up) cmd_up ;;
    test) cmd_test ;;
    test-resilience) cmd_test_resilience ;;
    infra) cmd_infra ;;
    provision) provision "${FM_BROWSER:-0}" ;;
    build) provision 0 && build_app ;;
    compose-check) local bin; bin=$(compose_check_bin); exec "$bin" --project-dir "$ROOT" ;;
    media) generate_media ;;
    stop) step "Stopping launcher processes"; stop_all_known ;;
    status) cmd_status ;;
    bench) cmd_bench ;;
    help | -h | --help) sed -n '2,/^set /{/^#/p}' "$0" | sed 's/^# \{0,1\}//' ;;
    *) die "unknown command '$cmd' (try: run, up, test, infra, provision, stop, status, bench, compose-check)" ;;
  esac
}

main "$@"
