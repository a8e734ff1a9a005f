// Projects so each layer can run alone: unit (generators, validation, shapers, and the
// conformance of the catalogs to the documents), integration (nodes run through n8n-core's engine
// against the sandbox over real HTTP), e2e (real n8n: the whole suite, run on n8n 2.40.7), e2e-every-line
// (the focused suite scripts/test.sh runs on the other n8n lines, 2.41.3 and 1.123.81: what can differ
// between lines, see test/e2e/everyLine.test.ts), queue (real n8n in queue mode: PostgreSQL, Redis,
// main, webhook processors, a worker; n8n 2.40.7 only).
const common = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  setupFiles: ['<rootDir>/test/helpers/quietLogs.ts'],
};
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts', '<rootDir>/test/conformance/**/*.test.ts'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'] },
    // everyLine.test.ts composes scenario groups that the e2e project runs in their own files.
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'], testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/everyLine\\.test\\.ts$'] },
    { ...common, displayName: 'e2e-every-line', testMatch: ['<rootDir>/test/e2e/everyLine.test.ts', '<rootDir>/test/e2e/isolates.test.ts'] },
    { ...common, displayName: 'queue', testMatch: ['<rootDir>/test/queue/**/*.test.ts'] },
  ],
};
