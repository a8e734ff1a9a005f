#!/usr/bin/env bash
# The README's test command (`npm test`): n8n's own gates (`n8n-node lint`, the checks of
# @n8n/scan-community-package on the sources and the packed tarball), type check, build,
# then unit and integration tests (in process, against the sandbox) and end-to-end tests (real n8n):
# the whole suite on n8n 2.40.7, also in queue mode, and the focused suite (jest project
# e2e-every-line: one scenario group per node, the adapter's rows, the waiting webhooks; see
# test/e2e/everyLine.test.ts) on n8n's newest release 2.41.3 and the last 1.x, 1.123.81.
# SOLSWITCH_SKIP_N8N1=1 skips the focused run against n8n 1.x, SOLSWITCH_SKIP_N8N_LATEST=1 the one
# against 2.41.3.
# Ends with one line "tests: N passed, N failed" over every jest project.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
status=0
step() { echo; echo "== $*"; }

step "n8n-node lint (n8n's community-node rules)"
npx n8n-node lint || status=1
step "type check"
npx tsc --noEmit -p tsconfig.json || status=1
step "build"
npm run --silent build >/dev/null || status=1
step "n8n's package scanner (sources with inline disables ignored, packed tarball)"
node scripts/scan-package.mjs || status=1
step "unit and integration tests"
npx jest --selectProjects unit integration --json --outputFile=build/jest-fast.json || status=1
step "end-to-end tests in real n8n 2.40.7 (current 2.x)"
npx jest --selectProjects e2e --runInBand --json --outputFile=build/jest-e2e.json || status=1
results="build/jest-fast.json build/jest-e2e.json"
# Queue mode (PostgreSQL, Redis, main, webhook processors, a worker), on n8n 2.40.7 only: the
# queue-mode harness and its findings about static data are read from that version's source.
step "end-to-end tests in queue mode, n8n 2.40.7 (PostgreSQL, Redis, webhook processors, worker)"
npx jest --selectProjects queue --runInBand --json --outputFile=build/jest-queue.json || status=1
results="$results build/jest-queue.json"
# n8n's newest release too (npm's `latest`; installed on first use with the overrides
# scripts/install-n8n.sh gives it): users upgrade monthly, and the adapter's table
# (nodes/engine/trigger/n8nResponse.ts) is checked against it. The focused suite: what can differ
# from 2.40.7 (the whole suite on every line took about as long again per line).
if [ "${SOLSWITCH_SKIP_N8N_LATEST:-}" != "1" ]; then
  step "focused end-to-end tests in real n8n 2.41.3 (newest release)"
  N8N_VERSION=2.41.3 npx jest --selectProjects e2e-every-line --runInBand --json --outputFile=build/jest-e2e-n8n-latest.json || status=1
  results="$results build/jest-e2e-n8n-latest.json"
fi
# The last 1.x too (Node 22, installed on first use): the README's version range is what ran here.
if [ "${SOLSWITCH_SKIP_N8N1:-}" != "1" ]; then
  step "focused end-to-end tests in real n8n 1.123.81 (last 1.x)"
  N8N_VERSION=1.123.81 npx jest --selectProjects e2e-every-line --runInBand --json --outputFile=build/jest-e2e-n8n1.json || status=1
  results="$results build/jest-e2e-n8n1.json"
fi
# Each jest run's own time, from its results, so that the next change to the suite sees what it costs.
RESULTS="$results" node -e '
const fs = require("fs");
for (const f of process.env.RESULTS.split(" ")) {
  if (!fs.existsSync(f)) continue;
  const r = JSON.parse(fs.readFileSync(f, "utf8"));
  const end = Math.max(...r.testResults.map((t) => t.endTime || r.startTime));
  console.log(f + ": " + Math.round((end - r.startTime) / 1000) + " s, " + r.testResults.length + " files");
}
' || true

RESULTS="$results" node -e '
const fs = require("fs");
let passed = 0, failed = 0;
for (const f of process.env.RESULTS.split(" ")) {
  if (!fs.existsSync(f)) { failed++; console.log("missing results: " + f); continue; }
  const r = JSON.parse(fs.readFileSync(f, "utf8"));
  passed += r.numPassedTests; failed += r.numFailedTests + (r.numRuntimeErrorTestSuites || 0);
}
console.log("");
console.log("tests: " + passed + " passed, " + failed + " failed");
process.exitCode = failed ? 1 : 0;
' || status=1
exit $status
