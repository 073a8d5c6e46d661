# shellcheck shell=bash
# `make bench` (infra/stack.sh bench): the logged-in hot path measured through nginx, in one run.
# Sourced by infra/stack.sh after common.sh and components.sh.
#
# Uses the app when all five services answer on their ports (make up, or a run), else brings it
# up (build, media, seed, services) and stops the app at the end (infrastructure it had to start
# is left running, as `make infra` leaves it). A second nginx, the
# bench gateway, runs the product's own rendered config on BENCH_GATEWAY_PORT (18089) plus the
# bench-only locations /_bench/bare (and /_bench/bare/<name>: the same bytes as another target)
# and /_bench/store, proxied (keep-alive, like the services' upstreams) to the baselines of
# infra/bench/baseline.js on BENCH_BARE_PORT (4690) and BENCH_STORE_PORT (4691) (+2 per 10
# gateway ports above 8080). infra/bench/run.js does the rest and prints the table.
# Knobs (environment): BENCH_SECONDS, BENCH_ROUNDS, BENCH_THREADS, BENCH_CONNECTIONS,
# BENCH_PROPAGATION=0 (skip the event-propagation benchmark), BENCH_PROPAGATION_EVENTS/RATE,
# BENCH_FIRST_TAP=0 (skip the first-tap check), BENCH_FIRST_TAP_RUNS, BENCH_ONLY (a regular
# expression: only the targets whose name matches run, beside the two baselines),
# BENCH_SETTLE_SECONDS (15: when each service's RSS is read again after the load), BENCH_BEAT_MEMBERS
# (300: the members whose beats the heartbeat target sends; one member's are limited, issue 43 §6).
# With FM_REPLICAS the bench gateway has every replica upstream; RSS and CPU are replica 1's.

app_answers() {
  local s
  for s in "${SERVICES[@]}"; do http_ok 127.0.0.1 "$(service_port "$s")" /readyz || return 1; done
}

# start_nginx's EXTEND for the bench gateway: adds the bench-only upstreams and locations to the
# product's config in PREFIX/conf.
add_bench_locations() {
  local conf=$1/conf keepalive
  # The baselines keep as many idle connections as the product's upstreams (gateway/render.js).
  keepalive=$(grep -m1 -oE 'keepalive [0-9]+;' "$conf/nginx.conf") || die "no upstream keepalive in the rendered nginx config"
  cat >"$conf/bench-upstreams.conf" <<EOF
  upstream fm_bench_bare {
    server 127.0.0.1:$BENCH_BARE_PORT;
    $keepalive
  }
  upstream fm_bench_store {
    server 127.0.0.1:$BENCH_STORE_PORT;
    $keepalive
  }
EOF
  cat >"$conf/bench-locations.conf" <<'EOF'
    location = /_bench/bare  { proxy_pass http://fm_bench_bare; }
    location /_bench/bare/   { proxy_pass http://fm_bench_bare; }
    location = /_bench/store { proxy_pass http://fm_bench_store; }
EOF
  # Upstreams before the server block, locations at the top of it (fm-proxy.conf applies to them).
  sed -i -e '0,/^  server {$/s//  include bench-upstreams.conf;\n\n  server {/' \
    -e '0,/^    server_name _;$/s//    server_name _;\n    include bench-locations.conf;/' "$conf/nginx.conf"
  grep -q 'include bench-locations.conf;' "$conf/nginx.conf" || die "could not add the bench locations to the nginx config"
}

# The product's config (its gateway's upstreams) on BENCH_GATEWAY_PORT, plus the bench locations.
start_bench_gateway() {
  start_nginx bench-gateway "$DATA_DIR/bench/nginx" 127.0.0.1 BENCH_GATEWAY_PORT add_bench_locations
  ok "bench gateway on http://127.0.0.1:$BENCH_GATEWAY_PORT (the product's config + /_bench/bare, /_bench/store)"
}

cmd_bench() {
  trap on_exit EXIT
  # Defaults follow GATEWAY_PORT (8080 → 18089, 4690, 4691), so two checkouts' stacks on other
  # gateway ports (the slots of a shared machine) bench side by side without a port clash.
  local slot=$(((${GATEWAY_PORT:-8080} - 8080) / 10 * 2))
  export BENCH_GATEWAY_PORT=${BENCH_GATEWAY_PORT:-$((${GATEWAY_PORT:-8080} + 10009))}
  export BENCH_BARE_PORT=${BENCH_BARE_PORT:-$((4690 + slot))} BENCH_STORE_PORT=${BENCH_STORE_PORT:-$((4691 + slot))}
  provision_apt 0 wrk:wrk # the load generator: only the bench needs it
  step "Application"
  if app_answers; then
    ok "using the app already running on ports ${AUTH_PORT}-${BILLING_PORT}"
  else
    provision_npm
    start_infra
    # Infrastructure it had to start stays up, as after `make infra`: by the time the bench ends,
    # others (a test run, another checkout's app) may be using the Redis/MongoDB/stripe-mock it found
    # down. Only the app, the gateway and the bench gateway are stopped at the end.
    STARTED=()
    bring_up_app
  fi
  step "Bench gateway"
  start_bench_gateway
  step "Bench"
  node "$ROOT/infra/bench/run.js"
}
