#!/usr/bin/env bash
# The README's test command (`npm test`): lint with n8n's community-node rules, type check, build,
# then unit and integration tests (in process, against the sandbox) and end-to-end tests (real n8n).
# Ends with one line "tests: N passed, N failed" over every jest project.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
status=0
step() { echo; echo "== $*"; }

step "lint (n8n community-node rules)"
npx eslint nodes credentials package.json || status=1
step "type check"
npx tsc --noEmit -p tsconfig.json || status=1
step "build"
npm run --silent build >/dev/null || status=1
step "unit and integration tests"
npx jest --selectProjects unit integration --json --outputFile=build/jest-fast.json || status=1
step "end-to-end tests in real n8n"
npx jest --selectProjects e2e --runInBand --json --outputFile=build/jest-e2e.json || status=1

node -e '
const fs = require("fs");
let passed = 0, failed = 0;
for (const f of ["build/jest-fast.json", "build/jest-e2e.json"]) {
  if (!fs.existsSync(f)) { failed++; console.log("missing results: " + f); continue; }
  const r = JSON.parse(fs.readFileSync(f, "utf8"));
  passed += r.numPassedTests; failed += r.numFailedTests + (r.numRuntimeErrorTestSuites || 0);
}
console.log("");
console.log("tests: " + passed + " passed, " + failed + " failed");
process.exitCode = failed ? 1 : 0;
' || status=1
exit $status
