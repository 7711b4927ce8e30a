/** Unit, component and e2e tests. `npm test` builds first (e2e spawns the built targets). */
const path = require('node:path');

// Services run inside a test process log to this file, not into the test output (the processes
// e2e tests start keep theirs in memory, shown when a test fails).
process.env.LOG_FILE ??= path.join(__dirname, 'test-output.log');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' } }],
    // The dashboard's component tests (jsdom, declared per file) and the components they render.
    '/node_modules/.+\\.js$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
    '^.+\\.tsx$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }],
  },
  // wouter (the dashboard's router) ships ES modules only.
  transformIgnorePatterns: ['/node_modules/(?!(wouter|regexparam)/)'],
  moduleNameMapper: { '\\.css$': '<rootDir>/dashboard/test/style-stub.js' },
  testMatch: ['<rootDir>/{libs,services,e2e,test}/**/*.test.ts', '<rootDir>/dashboard/test/**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/libs/testing/src/jest-setup.ts'],
  testTimeout: 60000,
  maxWorkers: 2,
};
