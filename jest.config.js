// Four projects so each layer can run alone: unit (generators, validation, shapers, and the
// conformance of the catalogs to the documents), integration (nodes run through n8n-core's engine
// against the sandbox over real HTTP), e2e (real n8n), queue (real n8n in queue mode: PostgreSQL,
// Redis, main, webhook processors, a worker; n8n 2.40.7 only, so it is not part of the e2e project
// that scripts/test.sh also runs against n8n 1.x).
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
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
    { ...common, displayName: 'queue', testMatch: ['<rootDir>/test/queue/**/*.test.ts'] },
  ],
};
