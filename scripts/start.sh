#!/usr/bin/env bash
# `npm start`: the main job. Installs the dev dependencies on a fresh clone, compiles the tools
# (sandbox, scripts, the n8n process harness in scripts/n8n-harness) and hands over to scripts/start/index.ts: the sandbox, n8n
# (installed on first use into ~/.cache/n8n-nodes-solswitch) with this package, an owner,
# credentials and the example workflows. State: .solswitch/ (SOLSWITCH_HOME to change).
set -euo pipefail
cd "$(dirname "$0")/.."
# Before minutes of installs: on a platform without a Node package for n8n, say so in one sentence.
node scripts/node-binary-package.cjs >/dev/null || exit 2
if [ ! -d node_modules ]; then
  echo "[start] installing dev dependencies (npm ci)"
  npm ci --no-audit --no-fund
fi
echo "[start] compiling the sandbox and the start script"
# Incremental: a second start with unchanged sources compiles nothing. Type errors are shown but
# do not stop the start (tsc still writes the JavaScript); `npm test` is where they fail.
if ! npx tsc -p tsconfig.tools.json --incremental --tsBuildInfoFile build/.tsbuildinfo-tools; then
  echo "[start] type errors above; starting with the JavaScript tsc wrote anyway" >&2
fi
exec node build/scripts/start/index.js "$@"
