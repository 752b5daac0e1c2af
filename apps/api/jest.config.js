// Unit specs beside the code (src/, *.spec.ts) and integration specs against real PostgreSQL and Redis (test/).
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { swcrc: false, ...JSON.parse(require('fs').readFileSync(__dirname + '/.swcrc', 'utf8')) },
    ],
  },
  moduleNameMapper: { '^@think-tank/contracts$': '<rootDir>/../../libs/contracts/src/index.ts' },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
