# shellcheck shell=bash
# Helpers for infra/stack.sh: config, logging, pid files, readiness waits.
# Sourced, not run. Expects ROOT (the repo root) to be set.

DATA_DIR="$ROOT/.data"
RUN_DIR="$DATA_DIR/run"
LOG_DIR="$DATA_DIR/log"
CACHE_DIR="${FM_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/fairway-mind}"
BIN_CACHE="$CACHE_DIR/bin"
export GOTOOLCHAIN=local

# Names of the processes this invocation started, in start order (stopped in reverse).
STARTED=()

say()  { printf '%s\n' "$*"; }
step() { printf '\n==> %s\n' "$*"; }
ok()   { printf '    ok  %s\n' "$*"; }
warn() { printf '    !!  %s\n' "$*" >&2; }
die()  { printf '\nERROR: %s\n' "$*" >&2; exit 1; }

# Seconds since $1 (a value of $EPOCHREALTIME), one decimal.
elapsed() { awk -v s="$1" -v e="$EPOCHREALTIME" 'BEGIN { printf "%.1f", e - s }'; }

# .env.example, then .env, then the environment (which wins). The files are read, never run:
# services/shared/src/env-files.js (Node's util.parseEnv, the one env reader of the repository)
# prints `export NAME='value'` for each variable the environment does not set, every value in
# single quotes, so a `$(…)` or a backtick in a value stays text.
ENV_READER="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/services/shared/src/env-files.js"
load_config() {
  local exports
  exports=$(node "$ENV_READER" --shell "$ROOT") || die "could not read $ROOT/.env.example or $ROOT/.env"
  eval "$exports"
  # No node when components.sh was sourced: the services from the registry now (components.sh).
  if declare -F load_services >/dev/null && [ -z "${SERVICES[*]-}" ]; then load_services; fi
}

# url_host URL / url_port URL DEFAULT: the first host:port of a URL (IPv6 brackets kept off).
url_host() {
  local rest=${1#*://}
  rest=${rest#*@}
  rest=${rest%%[/?,]*}
  if [[ $rest == \[* ]]; then rest=${rest#[}; printf '%s' "${rest%%]*}"; else printf '%s' "${rest%%:*}"; fi
}
url_port() {
  local rest=${1#*://}
  rest=${rest#*@}
  rest=${rest%%[/?,]*}
  rest=${rest##*]}
  if [[ $rest == *:* ]]; then printf '%s' "${rest##*:}"; else printf '%s' "$2"; fi
}
is_loopback() { [[ $1 == 127.* || $1 == localhost || $1 == ::1 ]]; }

# ---- pid files -----------------------------------------------------------------------
# .data/run/<name>.pid holds the pid; a process counts as ours only while it is alive and
# its command line still contains the marker stored beside it (guards against pid reuse).
is_alive() { [ -e "/proc/$1" ] && ! grep -q '^[0-9]* (.*) Z' "/proc/$1/stat" 2>/dev/null; }

pid_of() {
  local file="$RUN_DIR/$1.pid" pid marker
  [ -f "$file" ] || return 1
  { read -r pid; read -r marker; } <"$file" || true
  [ -n "${pid:-}" ] && is_alive "$pid" || return 1
  if [ -n "${marker:-}" ] && ! tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$marker"; then
    return 1
  fi
  printf '%s' "$pid"
}

# start_bg NAME MARKER CMD...: runs CMD detached (own session, so Ctrl-C reaches only the
# launcher, which then stops things in order), output to .data/log/NAME.log.
start_bg() {
  local name=$1 marker=$2
  shift 2
  mkdir -p "$RUN_DIR" "$LOG_DIR"
  # Ours but not answering as configured (e.g. the port changed): replace it.
  pid_of "$name" >/dev/null && stop_one "$name"
  printf '\n--- %s start: %s\n' "$(date -Is)" "$*" >>"$LOG_DIR/$name.log"
  setsid "$@" >>"$LOG_DIR/$name.log" 2>&1 </dev/null &
  printf '%s\n%s\n' "$!" "$marker" >"$RUN_DIR/$name.pid"
  STARTED+=("$name")
}

stop_one() {
  local name=$1 pid i
  if pid=$(pid_of "$name"); then
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < 100; i++)); do is_alive "$pid" || break; sleep 0.1; done
    if is_alive "$pid"; then
      warn "$name (pid $pid) ignored SIGTERM for 10 s; killing it"
      kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
    fi
    wait "$pid" 2>/dev/null || true
    say "    stopped $name (pid $pid)"
  fi
  rm -f "$RUN_DIR/$name.pid"
}

# Stops what this invocation started, newest first.
stop_started() {
  local i
  for ((i = ${#STARTED[@]} - 1; i >= 0; i--)); do stop_one "${STARTED[$i]}"; done
  STARTED=()
}

# Stops everything any launcher run left running (make stop).
stop_all_known() {
  local order=(gateway prerender-watch) name f i
  for ((i = ${#SERVICES[@]} - 1; i >= 0; i--)); do order+=("${SERVICES[$i]}"); done # the services, last started first
  order+=(smtp-sink stripe-mock mongo redis)
  stop_one gateway
  # Replicas beyond the first (content-2, …: infra/lib/replicas.sh) while their stores still run.
  for f in "$RUN_DIR"/*-[2-9].pid; do [ -e "$f" ] && stop_one "$(basename "$f" .pid)"; done
  for name in "${order[@]}"; do stop_one "$name"; done
  for f in "$RUN_DIR"/*.pid; do [ -e "$f" ] && stop_one "$(basename "$f" .pid)"; done
  return 0
}

log_tail() { [ -f "$LOG_DIR/$1.log" ] && tail -n "${2:-15}" "$LOG_DIR/$1.log" | sed 's/^/      | /' >&2; return 0; }

# ---- probes (bash /dev/tcp: no curl needed) --------------------------------------------
tcp_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

# http_status HOST PORT PATH [EXTRA_HEADER_LINE] → prints the status code.
http_status() (
  exec 3<>"/dev/tcp/$1/$2" || exit 1
  printf 'GET %s HTTP/1.0\r\nHost: %s\r\n%s\r\n' "$3" "$1" "${4:+$4$'\r\n'}" >&3
  IFS=' ' read -r -t 5 _ code _ <&3 || exit 1
  printf '%s' "$code"
) 2>/dev/null

http_ok() { [ "$(http_status "$@")" = 200 ]; }
http_any() { [ -n "$(http_status "$@")" ]; }

redis_ping() (
  exec 3<>"/dev/tcp/$1/$2" || exit 1
  printf 'PING\r\n' >&3
  IFS= read -r -t 3 line <&3 || exit 1
  [[ $line == +PONG* || $line == -NOAUTH* ]]
) 2>/dev/null

# wait_for SECONDS "WHAT did not answer on WHERE" NAME-or-"" PROBE...: polls PROBE; fails
# with the message (and the log tail) on timeout, or at once if the process NAME died.
wait_for() {
  local seconds=$1 message=$2 name=$3 deadline
  shift 3
  deadline=$((SECONDS + seconds))
  until "$@"; do
    # The started process itself, not pid_of: right after start_bg its command line may not
    # show the marker yet (setsid has not exec'd), which is no reason to call it dead.
    if [ -n "$name" ] && [ -f "$RUN_DIR/$name.pid" ] && ! is_alive "$(head -n 1 "$RUN_DIR/$name.pid")"; then
      log_tail "$name"
      die "$name exited during start-up (log: .data/log/$name.log)"
    fi
    if ((SECONDS >= deadline)); then
      [ -n "$name" ] && log_tail "$name"
      die "$message within $seconds s${name:+ (log: .data/log/$name.log)}"
    fi
    sleep 0.2
  done
}

# ---- root / apt ------------------------------------------------------------------------
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root for: $* (run it yourself, or set FM_SKIP_APT=1 if the tools are installed)"
  fi
}

# The pinned Node.js (provision_node, run first by the launcher's prepare).
# shellcheck source=infra/lib/node.sh
. "$(dirname "${BASH_SOURCE[0]}")/node.sh"
