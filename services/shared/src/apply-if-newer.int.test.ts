import type { Redis } from 'ioredis';
import { type Connection, type Model, Schema } from 'mongoose';
import { createApplyIfNewer, type ApplyIfNewer } from './apply-if-newer';
import { baseEnvSchema } from './config';
import { connectMongo, registerModel } from './mongo';
import { createRedis } from './redis';
import { createTestDeps, type TestDeps } from './testing';

interface Subscription {
  _id: string;
  status: string;
  stamp?: number;
  seenAt?: Date;
  /** A map of parts, each versioned on its own. */
  parts?: Record<string, { value: string; at: Date }>;
}

const schema = new Schema<Subscription>(
  { _id: String, status: { type: String, required: true }, stamp: Number, seenAt: Date, parts: Schema.Types.Mixed },
  { collection: 'kit_versioned', versionKey: false },
);

/** Two service processes: each its own MongoDB connection, Redis connection and applyIfNewer. */
let deps: TestDeps<ReturnType<typeof baseEnvSchema.parse>>;
let otherMongo: Connection;
let otherRedis: Redis;
let n = 0;
const freshId = () => `sub_${++n}_${Date.now()}`;

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
  otherMongo = await connectMongo(deps.config.MONGO_URL, { dbName: deps.env.TEST_DB_NAME });
  otherRedis = createRedis(deps.config.REDIS_URL);
});

afterAll(async () => {
  await otherMongo.close();
  await otherRedis.quit();
  await deps.close();
});

/** Each process's applyIfNewer and model; `lock` as MONGO_CAS_LOCK would set it. */
type Process = [ApplyIfNewer, Model<Subscription>];

function processes(lock: boolean): [Process, Process] {
  const config = { REDIS_PREFIX: deps.config.REDIS_PREFIX, MONGO_CAS_LOCK: lock };
  return [
    [createApplyIfNewer({ redis: deps.redis, config }), registerModel(deps.mongo, 'Versioned', schema)],
    [createApplyIfNewer({ redis: otherRedis, config }), registerModel(otherMongo, 'Versioned', schema)],
  ];
}

// The store's own compare-and-set is only atomic where MONGO_CAS_LOCK is off (MongoDB): with
// it on, the lock is the guarantee. Both modes give the same answers one write at a time.
describe.each([
  ['with the per-record lock', true],
  ['with the store’s conditional update', false],
])('applyIfNewer %s', (_mode, lock) => {
  it('when a record does not exist yet, then it is created with the stamp', async () => {
    const [[applyIfNewer, Sub]] = processes(lock);
    const id = freshId();
    expect(await applyIfNewer(Sub, id, 100, { status: 'active' })).toBe(true);
    expect(await Sub.findById(id).lean()).toMatchObject({ status: 'active', stamp: 100 });
  });

  it('when an older version arrives after a newer one, then it is refused and the newer stays', async () => {
    const [[applyIfNewer, Sub]] = processes(lock);
    const id = freshId();
    await applyIfNewer(Sub, id, 200, { status: 'canceled' });
    expect(await applyIfNewer(Sub, id, 100, { status: 'active' })).toBe(false);
    expect(await Sub.findById(id).lean()).toMatchObject({ status: 'canceled', stamp: 200 });
  });

  it('when a newer version arrives, then it is written; the same version again writes the same', async () => {
    const [[applyIfNewer, Sub]] = processes(lock);
    const id = freshId();
    await applyIfNewer(Sub, id, 100, { status: 'active' });
    expect(await applyIfNewer(Sub, id, 300, { status: 'past_due' })).toBe(true);
    expect(await applyIfNewer(Sub, id, 300, { status: 'past_due' })).toBe(true);
    expect(await Sub.findById(id).lean()).toMatchObject({ status: 'past_due', stamp: 300 });
  });

  it('when the stamp is a time in another field, then that field orders the versions', async () => {
    const [[applyIfNewer, Sub]] = processes(lock);
    const id = freshId();
    const at = (s: string) => new Date(`2026-05-01T10:00:0${s}Z`);
    expect(await applyIfNewer(Sub, id, at('2'), { status: 'b' }, { field: 'seenAt' })).toBe(true);
    expect(await applyIfNewer(Sub, id, at('1'), { status: 'a' }, { field: 'seenAt' })).toBe(false);
    expect(await Sub.findById(id).lean()).toMatchObject({ status: 'b', seenAt: at('2') });
  });

  it('when parts of a record are versioned on their own (a dotted field), then each keeps its newest and the others stay', async () => {
    const [[applyIfNewer, Sub]] = processes(lock);
    const id = freshId();
    await Sub.create({ _id: id, status: 'ledger', parts: {} });
    const at = (s: string) => new Date(`2026-05-01T10:00:0${s}Z`);
    const part = (key: string, stamp: Date, value: string) =>
      applyIfNewer(Sub, id, stamp, { [`parts.${key}.value`]: value }, { field: `parts.${key}.at`, insert: false });
    expect(await part('a', at('2'), 'a2')).toBe(true);
    expect(await part('b', at('1'), 'b1')).toBe(true);
    expect(await part('a', at('1'), 'a1')).toBe(false);
    expect(await part('b', at('3'), 'b3')).toBe(true);
    expect((await Sub.findById(id).lean())?.parts).toEqual({
      a: { value: 'a2', at: at('2') },
      b: { value: 'b3', at: at('3') },
    });
  });

  it('when a record has no stamp yet, then any version is newer', async () => {
    const [[applyIfNewer, Sub]] = processes(lock);
    const id = freshId();
    await Sub.create({ _id: id, status: 'imported' });
    expect(await applyIfNewer(Sub, id, 1, { status: 'active' })).toBe(true);
    expect(await Sub.findById(id).lean()).toMatchObject({ status: 'active', stamp: 1 });
  });

  it('when only existing records may change (insert: false), then a missing record stays missing', async () => {
    const [[applyIfNewer, Sub]] = processes(lock);
    const id = freshId();
    expect(await applyIfNewer(Sub, id, 100, { status: 'active' }, { insert: false })).toBe(false);
    expect(await Sub.exists({ _id: id })).toBeNull();
  });
});

describe('applyIfNewer across processes (as configured for this store)', () => {
  it('when twenty versions of one record are written at once by two processes, then the newest stands and was applied', async () => {
    const [[applyA, SubA], [applyB, SubB]] = processes(deps.config.MONGO_CAS_LOCK);
    for (let round = 0; round < 3; round += 1) {
      const id = freshId();
      // Stamps in a shuffled order, so older versions often land after newer ones.
      const stamps = Array.from({ length: 20 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
      const applied = await Promise.all(
        stamps.map((stamp, i) =>
          i % 2 ? applyA(SubA, id, stamp, { status: `v${stamp}` }) : applyB(SubB, id, stamp, { status: `v${stamp}` }),
        ),
      );
      expect(await SubA.findById(id).lean()).toMatchObject({ status: 'v20', stamp: 20 });
      expect(applied[stamps.indexOf(20)]).toBe(true);
    }
  });

  it('when a process holds a record (its write in flight), then the other writes it only afterwards, in order', async () => {
    if (!deps.config.MONGO_CAS_LOCK) return; // the store's own update is the guarantee
    const [[applyA, SubA], [applyB, SubB]] = processes(true);
    const id = freshId();
    const key = `${deps.config.REDIS_PREFIX}:apply-if-newer:kit_versioned:${id}`;
    await otherRedis.set(key, 'held by a write in flight', 'PX', 10_000);
    const waiting = applyA(SubA, id, 1, { status: 'older' });
    await SubB.create({ _id: id, status: 'newer', stamp: 2 }); // the holder's write
    await otherRedis.del(key);
    expect(await waiting).toBe(false);
    expect(await SubB.findById(id).lean()).toMatchObject({ status: 'newer', stamp: 2 });
    expect(await applyB(SubB, id, 3, { status: 'newest' })).toBe(true);
  });
});
