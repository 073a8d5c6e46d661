# shellcheck shell=bash
# The Node.js every process of the launcher runs on. Sourced at the end of common.sh.
#
# .nvmrc holds the one pinned version (package.json's engines and devEngines, the Dockerfiles'
# node:<major> images and @types/node agree with it: infra/test/node-pin.js). A machine whose
# `node` is at least that version uses its own; an older one (Debian 12 ships 18) gets the
# pinned build from the npm registry (the official binaries, package node-linux-<arch>) in
# $CACHE_DIR/node/v<version>, first on PATH for everything the launcher starts. The machine's
# npm stays in use: its `#!/usr/bin/env node` then runs on the pinned Node too.

NODE_PIN_FILE="$ROOT/.nvmrc"
NODE_CACHE="$CACHE_DIR/node"
# Where the node in use came from, for provision's line (set by provision_node).
NODE_ORIGIN=

# version_at_least A B: dotted version A >= B.
version_at_least() { [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n1)" = "$2" ]; }

node_pin() {
  local pin
  [ -f "$NODE_PIN_FILE" ] || die "${NODE_PIN_FILE#"$ROOT"/} is missing (the pinned Node.js version)"
  pin=$(tr -d ' \r\n' <"$NODE_PIN_FILE")
  pin=${pin#v}
  [[ $pin =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "${NODE_PIN_FILE#"$ROOT"/}: '$pin' is not a Node.js version (x.y.z)"
  printf '%s' "$pin"
}

# provision_node: puts a node >= the pin first on PATH, fetching the pinned build when the
# machine's is older or missing. Runs before anything else of the launcher calls node.
provision_node() {
  local pin have dir
  pin=$(node_pin)
  have=$(node -p process.versions.node 2>/dev/null) || have=
  if [ -n "$have" ] && version_at_least "$have" "$pin"; then
    case "$(command -v node)" in
      "$NODE_CACHE"/*) NODE_ORIGIN="the launcher's copy from the npm registry, $(command -v node)" ;;
      *) NODE_ORIGIN="the machine's, $(command -v node)" ;;
    esac
    return
  fi
  dir="$NODE_CACHE/v$pin"
  [ -x "$dir/bin/node" ] || fetch_node "$pin" "$dir" "$have"
  export PATH="$dir/bin:$PATH"
  NODE_ORIGIN="the launcher's copy from the npm registry, $dir/bin/node; the machine's node is ${have:-missing}"
}

# fetch_node VERSION DIR MACHINE_VERSION: `npm pack node-linux-<arch>@VERSION` (npm checks the
# tarball against the registry's integrity) unpacked into DIR. A lock keeps two launchers from
# fetching at once; DIR appears whole (a rename) or not at all.
fetch_node() {
  local pin=$1 dir=$2 have=$3 arch pkg
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) die "Node.js $pin+ is required and the npm registry has no build for $(uname -m): install it yourself" ;;
  esac
  pkg="node-linux-$arch@$pin"
  command -v npm >/dev/null 2>&1 && [ -n "$have" ] ||
    die "Node.js $pin+ is required; with any Node.js and npm on PATH (Debian: apt-get install nodejs npm) the launcher fetches it (npm registry: $pkg)"
  mkdir -p "$NODE_CACHE" "$LOG_DIR"
  (
    flock 9
    [ -x "$dir/bin/node" ] && exit 0
    say "    fetching Node.js $pin (npm registry: $pkg; the machine's node is $have; first time only)"
    local t=$EPOCHREALTIME tmp got
    tmp=$(mktemp -d "$NODE_CACHE/.fetch.XXXXXX")
    if ! (cd "$tmp" && npm pack "$pkg" --no-fund --loglevel=error && tar -xzf ./*.tgz) >"$LOG_DIR/fetch-node.log" 2>&1; then
      tail -n 20 "$LOG_DIR/fetch-node.log" >&2
      rm -rf "$tmp"
      exit 1
    fi
    got=$("$tmp/package/bin/node" -p process.versions.node 2>>"$LOG_DIR/fetch-node.log") || got=
    if [ "$got" != "$pin" ]; then
      printf 'package/bin/node says %s, not %s\n' "${got:-nothing}" "$pin" >>"$LOG_DIR/fetch-node.log"
      rm -rf "$tmp"
      exit 1
    fi
    rm -rf "$dir"
    mv "$tmp/package" "$dir"
    rm -rf "$tmp"
    say "    fetched Node.js $pin in $(elapsed "$t") s ($dir)"
  ) 9>"$NODE_CACHE/.v$pin.lock" || die "fetching Node.js $pin failed (log: .data/log/fetch-node.log)"
}

# The line provision prints: which node, where from.
node_ok_line() { ok "Node.js $(node -p process.versions.node) ($NODE_ORIGIN)"; }
