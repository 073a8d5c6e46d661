/**
 * Service tests: unit tests (*.test.ts) and integration tests (*.int.test.ts) against the real
 * Redis and MongoDB-protocol server that the launcher provides (make test starts them).
 */
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', decorators: false }, target: 'es2022' },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const services = ['contracts', 'shared', 'auth', 'content', 'courses', 'contact', 'billing', 'practice'];

/** The kit's areas (`@fm/shared/<area>`): its package.json `exports`, each a folder of its src with an index. */
const kitAreas = Object.keys(require('./services/shared/package.json').exports).map((entry) =>
  entry.slice('./'.length),
);

module.exports = {
  // Jest 30 reads the timeout only at the top level.
  testTimeout: 30_000,
  projects: services.map((name) => ({
    displayName: name,
    testEnvironment: 'node',
    rootDir: `<rootDir>/services/${name}`,
    testMatch: ['<rootDir>/src/**/*.test.ts'],
    // The kit's Cluster suite, against a Redis Cluster it starts itself: jest.cluster.config.js.
    testPathIgnorePatterns: ['/node_modules/', '\\.cluster\\.int\\.test\\.ts$'],
    transform: { '^.+\\.ts$': swc },
    moduleNameMapper: {
      '^@fm/contracts$': '<rootDir>/../contracts/src/index.ts',
      [`^@fm/shared/(${kitAreas.join('|')})$`]: '<rootDir>/../shared/src/$1/index.ts',
    },
    globalSetup: '<rootDir>/../shared/test/global-setup.js',
  })),
};
