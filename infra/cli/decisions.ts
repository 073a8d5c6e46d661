// The launcher's decisions about the infrastructure, as pure functions of what it found (the
// probes run elsewhere): tested by infra/test/launcher-decisions.test.js.

/** What to do about a store at a URL: use the one that answers, start one here, or stop with a reason. */
export type Plan = { do: 'reuse' } | { do: 'start' } | { do: 'remote' } | { do: 'fail'; reason: string };

/**
 * Redis at host:port (REDIS_URL): one that answers PING is used as it is (its own settings, its
 * memory ceiling too); none on a loopback address whose port is free is started here.
 */
export function redisPlan(o: { url: string; host: string; port: number; answers: boolean; portTaken: boolean }): Plan {
  if (o.answers) return { do: 'reuse' };
  if (!isLoopbackHost(o.host)) {
    return { do: 'fail', reason: `Redis did not answer at ${o.url} (not a local address, so not starting one)` };
  }
  if (o.portTaken) {
    return {
      do: 'fail',
      reason: `port ${o.port} is taken by something that is not Redis; free it or change REDIS_URL`,
    };
  }
  return { do: 'start' };
}

/** The MongoDB-protocol store at MONGO_URL: the same rule as Redis's. */
export function mongoPlan(o: { url: string; host: string; port: number; answers: boolean; portTaken: boolean }): Plan {
  if (o.answers) return { do: 'reuse' };
  if (!isLoopbackHost(o.host)) {
    return { do: 'fail', reason: `MongoDB did not answer at ${o.url} (not a local address, so not starting one)` };
  }
  if (o.portTaken)
    return { do: 'fail', reason: `port ${o.port} answers but not as MongoDB; free it or change MONGO_URL` };
  return { do: 'start' };
}

export type MongoServer =
  | { server: 'mongod' }
  | { server: 'ferretdb'; backend: 'postgresql'; url: string; createDatabase: boolean }
  | { server: 'ferretdb'; backend: 'sqlite' }
  | { server: 'none'; reason: string };

/**
 * Which server the launcher starts for MONGO_URL: mongod when installed; else FerretDB, on
 * PostgreSQL when one answers (FerretDB v1's SQLite handler scans the whole collection on every
 * update, so writes slow down as collections grow; on PostgreSQL an update by id stays ~3 ms),
 * on SQLite otherwise. FM_FERRETDB_HANDLER=sqlite|postgresql|auto (default) overrides;
 * postgresql without a PostgreSQL that answers is an error.
 */
export function mongoServer(o: {
  hasMongod: boolean;
  handler: string;
  postgresUrl: string;
  /** null: PostgreSQL does not answer (or no psql); else whether the database exists. */
  postgres: { databaseExists: boolean } | null;
}): MongoServer {
  if (o.hasMongod) return { server: 'mongod' };
  const handler = o.handler || 'auto';
  if (handler === 'sqlite') return { server: 'ferretdb', backend: 'sqlite' };
  if (o.postgres) {
    return {
      server: 'ferretdb',
      backend: 'postgresql',
      url: o.postgresUrl,
      createDatabase: !o.postgres.databaseExists,
    };
  }
  if (handler === 'postgresql') {
    return {
      server: 'none',
      reason: `FM_FERRETDB_HANDLER=postgresql but PostgreSQL does not answer at ${postgresAdminUrl(o.postgresUrl)}`,
    };
  }
  return { server: 'ferretdb', backend: 'sqlite' };
}

/** The database of a PostgreSQL URL (postgres://…/fairwaymind_ferretdb?x → fairwaymind_ferretdb). */
export const postgresDatabase = (url: string): string => (url.split('/').pop() ?? '').split('?')[0] ?? '';
/** The same server's `postgres` database, where the launcher asks and creates. */
export const postgresAdminUrl = (url: string): string => `${url.slice(0, url.lastIndexOf('/'))}/postgres`;

/** MONGO_CAS_LOCK for the services: FerretDB v1 applies a conditional update as a read and a write. */
export const casLockFor = (kind: 'ferretdb' | 'mongodb' | null): boolean => kind === 'ferretdb';

export const isLoopbackHost = (host: string): boolean =>
  host.startsWith('127.') || host === 'localhost' || host === '::1';
