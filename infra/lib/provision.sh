# shellcheck shell=bash
# Provisioning: the Debian packages and node_modules every command needs. Sourced by
# components.sh (the Node.js itself: node.sh, sourced by common.sh).

# provision_apt WITH_BROWSER [COMMAND:PACKAGE...]: installs the Debian packages whose commands
# are missing: those every command needs, chromium with WITH_BROWSER=1, and the pairs given (a
# command's own tools, e.g. wrk:wrk for `make bench`).
provision_apt() {
  local with_browser=$1 missing=() cmd pkg
  shift
  # wget: the gateway image's prerender hook (infra/docker/prerender) is tested here with it.
  local -a wanted=(nginx:nginx redis-server:redis-server espeak-ng:espeak-ng sox:sox lame:lame wget:wget pdftotext:poppler-utils "$@")
  [ "$with_browser" = 1 ] && wanted+=(chromium:chromium)
  for pair in "${wanted[@]}"; do
    cmd=${pair%%:*} pkg=${pair#*:}
    command -v "$cmd" >/dev/null 2>&1 || [ -x "/usr/sbin/$cmd" ] || missing+=("$pkg")
  done
  if [ ${#missing[@]} -eq 0 ]; then ok "Debian packages present"; return; fi
  [ "${FM_SKIP_APT:-0}" = 1 ] && die "missing Debian packages: ${missing[*]} (FM_SKIP_APT=1 is set, so not installing)"
  command -v apt-get >/dev/null 2>&1 || die "missing ${missing[*]} and no apt-get to install them"
  say "    installing ${missing[*]} (apt-get)"
  local t=$EPOCHREALTIME
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null ||
    die "apt-get update failed"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$LOG_DIR/apt.log" 2>&1 ||
    { tail -n 20 "$LOG_DIR/apt.log" >&2; die "apt-get install ${missing[*]} failed (log: .data/log/apt.log)"; }
  ok "installed ${missing[*]} in $(elapsed "$t") s"
}

# npm ci when node_modules is missing, package-lock.json changed since the last install or
# the install was made by another Node.js major (the stamp holds both).
provision_npm() {
  local stamp="$ROOT/node_modules/.fm-lock-sha" sum
  node_ok_line
  sum="$(sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1) node$(node -p 'process.versions.node.split(".")[0]')"
  if [ -d "$ROOT/node_modules" ]; then
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ]; then ok "node_modules up to date"; return; fi
    # Installed by hand (npm install) after the last lock change, on this Node.js major: npm's
    # own marker is newer.
    if [ "$(cut -sd' ' -f2 "$stamp" 2>/dev/null)" = "${sum#* }" ] &&
      [ "$ROOT/node_modules/.package-lock.json" -nt "$ROOT/package-lock.json" ]; then
      printf '%s\n' "$sum" >"$stamp"
      ok "node_modules up to date (installed after the last package-lock.json change)"
      return
    fi
  fi
  say "    npm ci (node_modules missing, package-lock.json changed or installed by another Node.js major)"
  local t=$EPOCHREALTIME
  if ! (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error >"$LOG_DIR/npm-ci.log" 2>&1); then
    if grep -q 'can only install packages when your package.json and package-lock.json' "$LOG_DIR/npm-ci.log"; then
      # Typically npm/cli#4828: a lock regenerated over an existing node_modules loses the
      # other platforms' optional packages. Install anyway, but say so: the lock needs a fix.
      warn "npm ci refused package-lock.json (npm/cli#4828: other platforms' optional builds are not in the lock):"
      grep -m 5 'Missing:\|Invalid:' "$LOG_DIR/npm-ci.log" | sed 's/^/        /' >&2 || true
      warn "falling back to npm install, which keeps the locked versions (README: Known issues)"
      (cd "$ROOT" && npm install --no-audit --no-fund --loglevel=error >>"$LOG_DIR/npm-ci.log" 2>&1) ||
        { tail -n 30 "$LOG_DIR/npm-ci.log" >&2; die "npm install failed (log: .data/log/npm-ci.log)"; }
      sum="$(sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1) ${sum#* }"
    else
      tail -n 30 "$LOG_DIR/npm-ci.log" >&2
      die "npm ci failed (log: .data/log/npm-ci.log)"
    fi
  fi
  printf '%s\n' "$sum" >"$stamp"
  ok "node_modules installed in $(elapsed "$t") s"
}
