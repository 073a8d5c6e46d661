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
#                             baselines, RSS per service, event propagation (infra/cli/bench.ts)
#   infra/stack.sh compose-check  load the docker-compose files with compose-go and build the
#                             Kubernetes overlays with Kustomize; check them (no Docker, no cluster)
#
# Config: .env.example, then .env, then the environment. State: .data/ (pids, logs, data).
# Go binaries: ${FM_CACHE_DIR:-~/.cache/fairway-mind}/bin. Knobs: FM_SKIP_APT=1,
# FM_FORCE_BUILD=1, FM_E2E=0 (skip browser tests), FM_TEST_TIMEOUT (s per suite, 1800),
# FM_TEST_PARALLEL=0 (test: the suites one after another instead of in lanes),
# FM_SUITES=static,infra (test: only the suites named), FM_E2E_TRIAL_DAYS (test: the browser
# suites' app's TRIAL_DAYS, 0), FM_DATA_DIR (instead of .data/), FM_REPLICAS="content=3 auth=2"
# (run/up: processes per service, ports +10 each; infra/cli/replicas.ts).
#
# This file is the bootstrap: it puts .nvmrc's Node.js first on PATH (the machine's when it is
# at least that version, else the official build from the npm registry, package
# node-linux-<arch>, fetched once into $FM_CACHE_DIR/node/v<pin>; the rule: infra/cli/node-choice.ts)
# and runs the launcher, a TypeScript CLI (infra/cli/main.ts) that Node runs as it is.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
die() { printf '\nERROR: %s\n' "$*" >&2; exit 1; }
pin=$(tr -d ' \r\n' <.nvmrc 2>/dev/null) || die ".nvmrc is missing (the pinned Node.js version)"
pin=${pin#v}
[[ $pin =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die ".nvmrc: '$pin' is not a Node.js version (x.y.z)"
have=$(node -p process.versions.node 2>/dev/null) || have=
if [ -z "$have" ] || [ "$(printf '%s\n%s\n' "$have" "$pin" | sort -V | head -n1)" != "$pin" ]; then
  cache="${FM_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/fairway-mind}/node" dir=$cache/v$pin
  case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) arch= ;; esac
  [ -x "$dir/bin/node" ] || [ -n "$arch" ] || die "Node.js $pin+ is required and the npm registry has no build for $(uname -m): install it yourself"
  [ -x "$dir/bin/node" ] || { [ -n "$have" ] && command -v npm >/dev/null; } ||
    die "Node.js $pin+ is required; with any Node.js and npm on PATH (Debian: apt-get install nodejs npm) the launcher fetches it (npm registry: node-linux-$arch@$pin)"
  mkdir -p "$cache" .data/log
  # `npm pack` checks the tarball against the registry's integrity; a lock keeps two launchers
  # from fetching at once; DIR appears whole (a rename) or not at all.
  (
    flock 9
    [ -x "$dir/bin/node" ] && exit 0
    printf '    fetching Node.js %s (npm registry: node-linux-%s@%s; the machine'"'"'s node is %s; first time only)\n' "$pin" "$arch" "$pin" "$have"
    tmp=$(mktemp -d "$cache/.fetch.XXXXXX")
    if (cd "$tmp" && npm pack "node-linux-$arch@$pin" --no-fund --loglevel=error && tar -xzf ./*.tgz) >.data/log/fetch-node.log 2>&1 &&
      [ "$("$tmp/package/bin/node" -p process.versions.node 2>>.data/log/fetch-node.log)" = "$pin" ]; then
      rm -rf "$dir" && mv "$tmp/package" "$dir" && rm -rf "$tmp" && printf '    fetched Node.js %s (%s)\n' "$pin" "$dir"
    else
      tail -n 20 .data/log/fetch-node.log >&2; rm -rf "$tmp"; exit 1
    fi
  ) 9>"$cache/.v$pin.lock" || die "fetching Node.js $pin failed (log: .data/log/fetch-node.log)"
  export PATH="$dir/bin:$PATH" FM_MACHINE_NODE=${have:-missing}
fi
# For infra/test/provision-node.test.js: the node chosen, as a process started now sees it.
[ "${1:-}" != --print-node ] || { printf 'node=%s\n%s\nnpm %s\nmachine=%s\n' "$(command -v node)" "$(node --version)" "$(npm --version)" "${FM_MACHINE_NODE:-}"; exit; }
exec node "$ROOT/infra/cli/main.ts" "$@"
