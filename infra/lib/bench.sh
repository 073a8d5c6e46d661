# shellcheck shell=bash
# `make bench` (infra/stack.sh bench): the logged-in hot path measured through nginx, in one run.
# Sourced by infra/stack.sh after common.sh and components.sh.
#
# Uses the app when all five services answer on their ports (make up, or a run), else brings it
# up (build, media, seed, services) and stops the app at the end (infrastructure it had to start
# is left running, as `make infra` leaves it). A second nginx, the
# bench gateway, runs the product's own rendered config on BENCH_GATEWAY_PORT (18089) plus two
# bench-only locations, /_bench/bare and /_bench/store, proxied (keep-alive, like the services'
# upstreams) to the baselines of infra/bench/baseline.js on BENCH_BARE_PORT (4690) and
# BENCH_STORE_PORT (4691). infra/bench/run.js does the rest and prints the table.
# Knobs (environment): BENCH_SECONDS, BENCH_ROUNDS, BENCH_THREADS, BENCH_CONNECTIONS,
# BENCH_PROPAGATION=0 (skip the event-propagation benchmark), BENCH_PROPAGATION_EVENTS/RATE.
# With FM_REPLICAS the bench gateway has every replica upstream; RSS and CPU are replica 1's.

app_answers() {
  local s
  for s in "${SERVICES[@]}"; do http_ok 127.0.0.1 "$(service_port "$s")" /readyz || return 1; done
}

# The product's config for the bench port, with the bench-only upstreams and locations added.
render_bench_gateway() {
  local prefix=$1 conf=$1/conf
  mkdir -p "$conf" "$prefix/logs"
  # The same upstreams as the product's gateway (every replica of FM_REPLICAS).
  replicas_parse
  replicas_export_upstreams
  GATEWAY_PORT=$BENCH_GATEWAY_PORT node "$ROOT/gateway/render.js" --mode local --out "$conf" --prefix "$prefix" \
    --root "$ROOT/frontend/dist" --media "$ROOT/media/generated" >/dev/null || die "rendering the bench nginx config failed"
  cat >"$conf/bench-upstreams.conf" <<EOF
  upstream fm_bench_bare {
    server 127.0.0.1:$BENCH_BARE_PORT;
    keepalive 16;
  }
  upstream fm_bench_store {
    server 127.0.0.1:$BENCH_STORE_PORT;
    keepalive 16;
  }
EOF
  cat >"$conf/bench-locations.conf" <<'EOF'
    location = /_bench/bare  { proxy_pass http://fm_bench_bare; }
    location = /_bench/store { proxy_pass http://fm_bench_store; }
EOF
  # Upstreams before the server block, locations at the top of it (fm-proxy.conf applies to them).
  sed -i -e '0,/^  server {$/s//  include bench-upstreams.conf;\n\n  server {/' \
    -e '0,/^    server_name _;$/s//    server_name _;\n    include bench-locations.conf;/' "$conf/nginx.conf"
  grep -q 'include bench-locations.conf;' "$conf/nginx.conf" || die "could not add the bench locations to the nginx config"
}

start_bench_gateway() {
  local prefix="$DATA_DIR/bench/nginx" nginx
  nginx=$(nginx_cmd)
  stop_one bench-gateway
  tcp_open 127.0.0.1 "$BENCH_GATEWAY_PORT" && die "port $BENCH_GATEWAY_PORT is in use; set BENCH_GATEWAY_PORT"
  render_bench_gateway "$prefix"
  "$nginx" -t -q -p "$prefix" -e "$prefix/logs/error.log" -c conf/nginx.conf 2>"$LOG_DIR/bench-nginx-test.log" ||
    { cat "$LOG_DIR/bench-nginx-test.log" >&2; die "nginx -t rejected the bench config ($prefix/conf/nginx.conf)"; }
  start_bg bench-gateway "$prefix" "$nginx" -p "$prefix" -e "$prefix/logs/error.log" -c conf/nginx.conf -g 'daemon off;'
  wait_for 15 "the bench nginx did not answer on 127.0.0.1:$BENCH_GATEWAY_PORT" bench-gateway \
    http_any 127.0.0.1 "$BENCH_GATEWAY_PORT" /index.html
  ok "bench gateway on http://127.0.0.1:$BENCH_GATEWAY_PORT (the product's config + /_bench/bare, /_bench/store)"
}

cmd_bench() {
  trap on_exit EXIT
  export BENCH_GATEWAY_PORT=${BENCH_GATEWAY_PORT:-18089} BENCH_BARE_PORT=${BENCH_BARE_PORT:-4690}
  export BENCH_STORE_PORT=${BENCH_STORE_PORT:-4691}
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
