// Unit specs beside the code (src/, *.spec.ts); service and repository specs on the real PostgreSQL and Redis,
// no HTTP between (test/, *.int-spec.ts); and HTTP specs of the whole app (test/, *.e2e-spec.ts).
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/test/**/*.int-spec.ts',
    '<rootDir>/test/**/*.e2e-spec.ts',
  ],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { swcrc: false, ...JSON.parse(require('fs').readFileSync(__dirname + '/.swcrc', 'utf8')) },
    ],
  },
  moduleNameMapper: { '^@think-tank/contracts$': '<rootDir>/../../libs/contracts/src/index.ts' },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // A hang guard, not a budget: beside the browser suite on a slow 2-core machine a test may take three times as long.
  testTimeout: 90000,
  maxWorkers: 2,
};
