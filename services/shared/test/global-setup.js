// Fails fast, naming the server, when the launcher's Redis or MongoDB-protocol server is not up.
const net = require('node:net');

function reachable(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    socket.setTimeout(3000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Whether the server is FerretDB (its buildInfo names its version): the launcher sets
 * MONGO_CAS_LOCK for it; a test run started without the launcher finds out here.
 */
async function isFerretDb(url) {
  const { MongoClient } = require('mongoose').mongo;
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 3000 });
  try {
    const info = await client.db('admin').command({ buildInfo: 1 });
    return 'ferretdbVersion' in info;
  } finally {
    await client.close();
  }
}

module.exports = async () => {
  const mongoUrl = process.env.MONGO_URL || 'mongodb://127.0.0.1:27017/fairwaymind';
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const missing = [];
  if (!(await reachable(mongoUrl, 27017))) missing.push(`MongoDB-protocol server at ${mongoUrl}`);
  if (!(await reachable(redisUrl, 6379))) missing.push(`Redis at ${redisUrl}`);
  if (missing.length) {
    throw new Error(
      `Tests need real servers; not answering: ${missing.join(', ')}. Run \`make test\` (it starts them).`,
    );
  }
  if (process.env.MONGO_CAS_LOCK === undefined && (await isFerretDb(mongoUrl))) process.env.MONGO_CAS_LOCK = 'true';
};
