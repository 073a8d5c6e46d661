# shellcheck shell=bash
# How `make test` runs its suites: one at a time or in lanes side by side, each one's result
# recorded for the summary, and the suites themselves. Sourced by infra/stack.sh.

# run_suite NAME REPORT CMD...: runs one suite (output shown and kept), records its result.
run_suite() {
  local name=$1 report=$2 code=0
  shift 2
  local log="$TEST_DIR/$name.log"
  step "Tests: $name"
  say "    \$ $*"
  local t=$EPOCHREALTIME
  timeout --foreground --kill-after=30 "${FM_TEST_TIMEOUT:-1800}" "$@" 2>&1 | tee "$log" || code=${PIPESTATUS[0]}
  [ "$code" = 124 ] && warn "$name timed out after ${FM_TEST_TIMEOUT:-1800} s"
  t=$(elapsed "$t")
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$code" "$report" "$log" "$t" >>"$TEST_DIR/suites.tsv"
  say "    ($name: exit $code, $t s)"
}

# run_suite_quiet NAME REPORT CMD...: run_suite for a suite that runs beside others (a lane of
# run_lanes): its output goes to its log only and is printed whole, in one block, when it ends.
# `timeout` without --foreground gives the suite a process group of its own; its id is kept in
# .data/test/.pgid/NAME so that an interrupted run can stop it (stop_lanes).
run_suite_quiet() {
  local name=$1 report=$2 code=0 pid
  shift 2
  local log="$TEST_DIR/$name.log" t=$EPOCHREALTIME
  say "    started $name (log .data/test/$name.log)"
  timeout --kill-after=30 "${FM_TEST_TIMEOUT:-1800}" "$@" >"$log" 2>&1 </dev/null &
  pid=$!
  printf '%s\n' "$pid" >"$TEST_DIR/.pgid/$name"
  wait "$pid" || code=$?
  rm -f "$TEST_DIR/.pgid/$name"
  [ "$code" = 124 ] && warn "$name timed out after ${FM_TEST_TIMEOUT:-1800} s"
  t=$(elapsed "$t")
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$code" "$report" "$log" "$t" >>"$TEST_DIR/suites.tsv"
  {
    flock 7
    step "Tests: $name"
    say "    \$ $*"
    cat "$log"
    say "    ($name: exit $code, $t s)"
  } 7>"$TEST_DIR/.output.lock"
}

# run_lanes LANE...: each LANE is a space-separated list of suite functions (suite_static …),
# run one after another; the lanes run side by side in the background (wait_lanes waits).
LANE_PIDS=()
run_lanes() {
  local lane fn
  mkdir -p "$TEST_DIR/.pgid"
  for lane in "$@"; do
    (
      trap - EXIT INT TERM
      for fn in $lane; do "$fn" run_suite_quiet; done
    ) &
    LANE_PIDS+=($!)
  done
}
wait_lanes() {
  local pid
  for pid in "${LANE_PIDS[@]}"; do wait "$pid" || true; done
  LANE_PIDS=()
}
# After an interrupt or a failed start-up: the lanes and the suites they run.
stop_lanes() {
  local pid f
  [ ${#LANE_PIDS[@]} -gt 0 ] || return 0
  for pid in "${LANE_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for f in "$TEST_DIR"/.pgid/*; do
    [ -e "$f" ] && kill -TERM -- "-$(cat "$f")" 2>/dev/null || true
  done
  for pid in "${LANE_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  LANE_PIDS=()
}

# The suites that need no application: each takes the runner (run_suite or run_suite_quiet).
# Type checks (services' src and tests, frontend), eslint and prettier over the tree.
suite_static() { "$1" static "" node infra/test/static-checks.js; }
# docker-compose.yml alone and with docker-compose.dev.yml, through compose-go (no Docker);
# infra/k8s base and overlays through Kustomize and the k8s.io/api types (no cluster).
suite_compose() { "$1" compose "" "$COMPOSE_CHECK" --project-dir "$ROOT"; }
# Launcher pieces: SMTP sink, gateway (real nginx), FM_REPLICAS, MONGO_CAS_LOCK, node flags, the Node.js pin; node --test.
suite_infra() {
  "$1" infra "$TEST_DIR/infra.tap" node --test --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$TEST_DIR/infra.tap" infra/smtp-sink/test/*.test.js gateway/test/*.test.js \
    infra/test/replicas.test.js infra/test/registry.test.js infra/test/registry-seventh.test.js \
    infra/test/mongo-cas-lock.test.js infra/test/doc-links.test.js infra/test/env-files.test.js \
    infra/test/node-flags.test.js infra/test/summarize.test.js infra/test/node-pin.test.js infra/test/provision-node.test.js
}
# The kit's queues and Lua scripts on a real Redis Cluster of three nodes (free ports from 7301)
# that the suite starts and stops itself (jest.cluster.config.js; BullMQ's prefix hash tag).
suite_cluster() {
  "$1" cluster "$TEST_DIR/cluster.json" env -u NODE_ENV npx jest --config jest.cluster.config.js --ci --forceExit \
    --json --outputFile="$TEST_DIR/cluster.json"
}
suite_services() {
  if [ -f "$ROOT/jest.config.js" ]; then
    # --forceExit: a handle left open by one test must not hold CI until the suite timeout
    # (the results are already written); find such leaks with --detectOpenHandles.
    "$1" services "$TEST_DIR/services.json" env -u NODE_ENV npx jest --config jest.config.js --ci --forceExit \
      --json --outputFile="$TEST_DIR/services.json"
  else
    warn "no jest.config.js: service tests skipped"
  fi
}
# The resilience scenarios with processes of their own (faults and replicas: their own Redis and
# service processes on 41xx, built by build_app): they need no application and mostly wait (kills,
# BullMQ's lock expiry, a Redis down for 10 s), so they share the first lane. The MongoDB restart
# stays after e2e: its store's restart under the lanes' load took over 30 s once (CI, 2026-11-27).
suite_resilience_stack() { "$1" resilience-stack "" env RESILIENCE_ONLY=faults,replicas npm test -w resilience; }
suite_frontend() {
  if [ -f "$ROOT/frontend/package.json" ] && node -e "process.exit(require('$ROOT/frontend/package.json').scripts?.test ? 0 : 1)"; then
    "$1" frontend "$TEST_DIR/frontend.json" env -u NODE_ENV npm test -w frontend -- --reporter=default \
      --reporter=json --outputFile.json="$TEST_DIR/frontend.json"
  else
    warn "frontend has no test script: frontend tests skipped"
  fi
}

# Every suite, as `make test` shows them in its table (whatever order they finished in).
SUITE_ORDER=(static compose infra cluster resilience-stack services frontend e2e resilience lighthouse budget premium)
order_suites() {
  local file="$TEST_DIR/suites.tsv" name
  [ -f "$file" ] || return 0
  {
    for name in "${SUITE_ORDER[@]}"; do awk -F '\t' -v n="$name" '$1 == n' "$file"; done
    awk -F '\t' -v known=" ${SUITE_ORDER[*]} " 'index(known, " " $1 " ") == 0' "$file"
  } >"$file.tmp"
  mv "$file.tmp" "$file"
}
