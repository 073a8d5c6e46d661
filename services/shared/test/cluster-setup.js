// Global setup of the kit's Cluster suite (jest.cluster.config.js): the Redis Cluster
// (test/redis-cluster.js), and the checks of the usual setup (MongoDB, Redis: the kit's test
// harness uses them for the rest).
const { startCluster } = require('./redis-cluster');
const usualSetup = require('./global-setup');

module.exports = async () => {
  await usualSetup();
  const cluster = await startCluster();
  globalThis.fmRedisCluster = cluster;
  process.env.REDIS_CLUSTER_URL = cluster.url;
};
