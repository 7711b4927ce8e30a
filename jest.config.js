/** Unit, component and e2e tests. `npm test` builds first (e2e spawns the built targets). */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': ['@swc/jest', { jsc: { target: 'es2022' } }] },
  testMatch: ['<rootDir>/{libs,services,e2e,test}/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  testTimeout: 60000,
  maxWorkers: 2,
};
