// `n8n-node lint` runs `eslint .` with this file. It is @n8n/node-cli's stock config (community
// rules with n8n Cloud support, the n8n-nodes-base node and credential rules) with one addition:
// the folders that are not part of the package are ignored. They are the sandbox, the tests and
// the tools, which run under Node with fs, process and timers; the cloud rules (no-restricted-globals,
// no-restricted-imports, no-console) are written for code that n8n loads and would fail all of them.
// ESLint 9 reads ignores only from this file, and strict mode (package.json `n8n.strict`) requires
// it to be the stock file unchanged, so strict is off; README "Verification" says why. The package's
// own files (nodes, credentials, package.json) get the full stock rule set here, and the scanner
// check (scripts/scan-package.mjs) lints them again exactly as @n8n/scan-community-package does.
import { globalIgnores } from 'eslint/config';
import { config } from '@n8n/node-cli/eslint';

export default [globalIgnores(['test', 'sandbox', 'scripts', 'build', 'examples', 'docs', '.solswitch']), ...config];
