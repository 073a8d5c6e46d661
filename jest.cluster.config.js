/**
 * The kit's Cluster suite: the *.cluster.int.test.ts files of services/shared against a real
 * Redis Cluster of three nodes that the suite starts and stops (services/shared/test/redis-cluster.js);
 * jest.config.js leaves those files out. Launcher: the `cluster` suite (infra/cli/suite-list.ts).
 */
const base = require('./jest.config');

const shared = base.projects.find((project) => project.displayName === 'shared');

module.exports = {
  testTimeout: base.testTimeout,
  globalSetup: '<rootDir>/services/shared/test/cluster-setup.js',
  globalTeardown: '<rootDir>/services/shared/test/cluster-teardown.js',
  projects: [
    {
      ...shared,
      displayName: 'shared-cluster',
      testMatch: ['<rootDir>/src/**/*.cluster.int.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      globalSetup: undefined,
    },
  ],
};
