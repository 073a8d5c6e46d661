import { coalescePerKey } from './one-at-a-time';

/** A work whose runs the test ends by hand, counting how many started. */
function gatedWork() {
  const gates: Array<() => void> = [];
  let started = 0;
  const work = () => {
    started += 1;
    const run = started;
    return new Promise<number>((resolve) => gates.push(() => resolve(run)));
  };
  const finishNext = async () => {
    while (gates.length === 0) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { work, finishNext, started: () => started };
}

describe('coalescePerKey', () => {
  it('when many ask while a run is going, then they all share one more run, started after they asked', async () => {
    const coalesce = coalescePerKey();
    const { work, finishNext, started } = gatedWork();
    const first = coalesce('member-1', work);
    const burst = Array.from({ length: 20 }, () => coalesce('member-1', work));
    await finishNext();
    expect(await first).toBe(1);
    await finishNext();
    expect(await Promise.all(burst)).toEqual(Array(20).fill(2));
    expect(started()).toBe(2);
  });

  it('when one asks after the runs have ended, then it gets a run of its own', async () => {
    const coalesce = coalescePerKey();
    const { work, finishNext, started } = gatedWork();
    const first = coalesce('member-1', work);
    await finishNext();
    await first;
    const later = coalesce('member-1', work);
    await finishNext();
    expect(await later).toBe(2);
    expect(started()).toBe(2);
  });

  it('when one asks while the shared run is going, then it waits for a run after that one', async () => {
    const coalesce = coalescePerKey();
    const { work, finishNext } = gatedWork();
    void coalesce('member-1', work);
    const second = coalesce('member-1', work);
    await finishNext(); // run 1 ends, run 2 (second's) starts
    const third = coalesce('member-1', work);
    await finishNext();
    expect(await second).toBe(2);
    await finishNext();
    expect(await third).toBe(3);
  });

  it('when keys differ, then their runs go alongside', async () => {
    const coalesce = coalescePerKey();
    const { work, finishNext, started } = gatedWork();
    const a = coalesce('member-1', work);
    const b = coalesce('member-2', work);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started()).toBe(2);
    await finishNext();
    await finishNext();
    expect((await Promise.all([a, b])).sort()).toEqual([1, 2]);
  });

  it('when a run fails, then those sharing it get the failure and the next caller a fresh run', async () => {
    const coalesce = coalescePerKey();
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error(`run ${calls} failed`);
    };
    const first = coalesce('member-1', failing);
    const shared = [coalesce('member-1', failing), coalesce('member-1', failing)];
    await expect(first).rejects.toThrow('run 1 failed');
    await expect(Promise.all(shared)).rejects.toThrow('run 2 failed');
    await expect(coalesce('member-1', async () => 'ok')).resolves.toBe('ok');
  });
});
