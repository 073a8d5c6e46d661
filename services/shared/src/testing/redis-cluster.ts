import { Cluster } from 'ioredis';

/**
 * For the kit's Cluster suite (jest.cluster.config.js): the URL of a node of the Redis Cluster its
 * global setup started, and a Cluster client to it.
 */
export function redisClusterUrl(): string {
  const url = process.env.REDIS_CLUSTER_URL;
  if (!url) throw new Error('REDIS_CLUSTER_URL is not set: run the Cluster suite (jest.cluster.config.js)');
  return url;
}

export function connectCluster(): Cluster {
  const cluster = new Cluster([redisClusterUrl()], { redisOptions: { maxRetriesPerRequest: 1 } });
  cluster.on('error', () => undefined);
  return cluster;
}

/** Deletes the keys under `prefix` on every master (SCAN sees one node's keys; DEL one key at a time: slots differ). */
export async function deleteClusterPrefix(cluster: Cluster, prefix: string): Promise<void> {
  for (const node of cluster.nodes('master')) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      for (const key of keys) await node.del(key);
    } while (cursor !== '0');
  }
}
