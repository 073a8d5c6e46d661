import type { Connection } from 'mongoose';
import { baseEnvSchema } from './config';
import { createInbox, type Inbox } from './inbox';
import { connectMongo } from './mongo';
import { createTestDeps, type TestDeps } from './testing';

/** Two service processes: each its own connection (and its own inbox object) to one database. */
let deps: TestDeps<ReturnType<typeof baseEnvSchema.parse>>;
let otherProcess: Connection;
const COLLECTION = 'kit_inbox';
const LEASE_MS = 60_000;
let n = 0;
const freshId = () => `evt_${++n}_${Date.now()}`;

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
  otherProcess = await connectMongo(deps.config.MONGO_URL, { dbName: deps.env.TEST_DB_NAME });
});

afterAll(async () => {
  await otherProcess.close();
  await deps.close();
});

const inboxes = (): [Inbox, Inbox] => [
  createInbox(deps.mongo, { collection: COLLECTION, leaseMs: LEASE_MS }),
  createInbox(otherProcess, { collection: COLLECTION, leaseMs: LEASE_MS }),
];

/** A promise and the function that settles it: a handler that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('inbox.once', () => {
  it('when an event comes twice, then it runs once and the second delivery is told the recorded outcome', async () => {
    const [inbox] = inboxes();
    const id = freshId();
    const run = jest.fn(async () => 'queued');

    expect(await inbox.once(id, run)).toEqual({ status: 'ran', value: 'queued' });
    expect(await inbox.once(id, run)).toEqual({ status: 'duplicate', outcome: 'queued' });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('when a handler returns something other than a string, then its caller gets it and "done" is recorded', async () => {
    const [inbox] = inboxes();
    const id = freshId();
    expect(await inbox.once(id, async () => ({ deleted: 3 }))).toEqual({ status: 'ran', value: { deleted: 3 } });
    expect(await inbox.once(id, async () => ({ deleted: 0 }))).toEqual({ status: 'duplicate', outcome: 'done' });
  });

  it('when ten deliveries race in two processes, then exactly one runs and the others are told "in progress" with the lease left', async () => {
    const [a, b] = inboxes();
    const id = freshId();
    const handling = gate();
    let runs = 0;
    const run = async () => {
      runs += 1;
      await handling.opened;
      return 'queued';
    };
    let answered = 0;
    const pending = Array.from({ length: 10 }, (_, i) =>
      (i % 2 ? a : b).once(id, run).then((result) => {
        answered += 1;
        return result;
      }),
    );
    // Nine answer while the winner's handler still runs; then it may finish.
    while (answered < 9) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(runs).toBe(1);
    handling.open();
    const results = await Promise.all(pending);

    expect(results.filter((r) => r.status === 'ran')).toHaveLength(1);
    const busy = results.filter((r) => r.status === 'in-progress');
    expect(busy).toHaveLength(9);
    for (const r of busy) {
      if (r.status !== 'in-progress') continue;
      expect(r.retryAfterSeconds).toBeGreaterThan(0);
      expect(r.retryAfterSeconds).toBeLessThanOrEqual(LEASE_MS / 1000);
    }
    expect(await a.once(id, run)).toEqual({ status: 'duplicate', outcome: 'queued' });
  });

  it('when the handler fails, then the error reaches the caller and the next delivery runs it afresh', async () => {
    const [a, b] = inboxes();
    const id = freshId();
    await expect(a.once(id, () => Promise.reject(new Error('redis down')))).rejects.toThrow('redis down');
    expect(await b.once(id, async () => 'queued')).toEqual({ status: 'ran', value: 'queued' });
  });

  it('when a claim outlived its lease (its process died), then exactly one of parallel deliveries in two processes takes it over', async () => {
    const [a, b] = inboxes();
    const id = freshId();
    // What a process that died mid-handling leaves behind: a claim made longer ago than the lease.
    await deps.mongo.collection(COLLECTION).insertOne({
      _id: id as never,
      state: 'claimed',
      outcome: null,
      claimedAt: new Date(Date.now() - LEASE_MS - 1000),
    });
    let runs = 0;
    const run = async () => {
      runs += 1;
      return 'queued';
    };
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).once(id, run)));

    expect(runs).toBe(1);
    expect(results.filter((r) => r.status === 'ran')).toHaveLength(1);
    expect(await a.once(id, run)).toEqual({ status: 'duplicate', outcome: 'queued' });
  });

  it('when a claim is younger than its lease, then a delivery is told "in progress" with the seconds left', async () => {
    const [a] = inboxes();
    const id = freshId();
    await deps.mongo
      .collection(COLLECTION)
      .insertOne({ _id: id as never, state: 'claimed', outcome: null, claimedAt: new Date(Date.now() - 20_000) });
    const result = await a.once(id, async () => 'queued');
    expect(result).toEqual({ status: 'in-progress', retryAfterSeconds: expect.any(Number) });
    if (result.status === 'in-progress') {
      expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(39);
      expect(result.retryAfterSeconds).toBeLessThanOrEqual(40);
    }
  });

  it('when entries are forgotten by a pattern, then those events run again and the others stay handled', async () => {
    const [a] = inboxes();
    const mine = `mail:welcome:ada-${++n}@example.com`;
    const other = `mail:welcome:bob-${n}@example.com`;
    await a.once(mine, async () => 'sent');
    await a.once(other, async () => 'sent');
    expect(await a.forget(new RegExp(`:ada-${n}@example\\.com$`))).toBe(1);
    expect(await a.once(mine, async () => 'sent again')).toEqual({ status: 'ran', value: 'sent again' });
    expect(await a.once(other, async () => 'sent again')).toEqual({ status: 'duplicate', outcome: 'sent' });
  });

  it('when the handler of a taken-over claim finishes late, then the outcome of the delivery that took over stays', async () => {
    const [a, b] = inboxes();
    const id = freshId();
    const slow = gate();
    const first = a.once(id, async () => {
      await slow.opened;
      return 'late';
    });
    // The claim is now `claimed`; make it look abandoned, as if its lease ran out.
    await new Promise((resolve) => setImmediate(resolve));
    while (!(await deps.mongo.collection(COLLECTION).findOne({ _id: id as never }))) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    await deps.mongo
      .collection(COLLECTION)
      .updateOne({ _id: id as never }, { $set: { claimedAt: new Date(Date.now() - LEASE_MS - 1000) } });
    expect(await b.once(id, async () => 'took-over')).toEqual({ status: 'ran', value: 'took-over' });
    slow.open();
    await first;
    expect(await a.once(id, async () => 'again')).toEqual({ status: 'duplicate', outcome: 'took-over' });
  });
});
