// Stops the Redis Cluster the suite's global setup started (same process: globalThis).
module.exports = async () => {
  globalThis.fmRedisCluster?.stop();
};
