import { currentRequestScope, withRequestScope } from './request-scope';

const meta = (requestId: string) => ({ requestId, receivedAt: new Date(0).toISOString() });
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('the request scope', () => {
  it('when scopes overlap, then each one reads its own id across awaits, and none is read after they close', async () => {
    let releaseA!: () => void;
    const gateA = new Promise<void>((resolve) => (releaseA = resolve));
    const seen: Array<string | undefined> = [];
    const a = withRequestScope(meta('r-scope-a'), async () => {
      await gateA;
      seen.push(currentRequestScope()?.requestId);
    });
    const b = withRequestScope(meta('r-scope-b'), async () => {
      await tick();
      seen.push(currentRequestScope()?.requestId);
    });
    await b;
    // A is still open: its id is still read after B closed.
    releaseA();
    await a;
    expect(seen).toEqual(['r-scope-b', 'r-scope-a']);
    expect(currentRequestScope()).toBeUndefined();
  });

  it('when a scope fails, then it is closed all the same and the next one reads its own id', async () => {
    await expect(
      withRequestScope(meta('r-scope-fail'), async () => {
        await tick();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(() =>
      withRequestScope(meta('r-scope-sync'), () => {
        throw new Error('sync boom');
      }),
    ).toThrow('sync boom');
    const id = await withRequestScope(meta('r-scope-next'), async () => {
      await tick();
      return currentRequestScope()?.requestId;
    });
    expect(id).toBe('r-scope-next');
  });

  it('when the last scope closes, then the storage is off: a timer set inside reads no scope, unless another scope keeps it on', async () => {
    const read = (requestId: string) =>
      new Promise<string | undefined>((resolve) => {
        withRequestScope(meta(requestId), () => {
          setTimeout(() => resolve(currentRequestScope()?.requestId), 5);
        });
      });
    // The scope closed (its function returned) before the timer fired, and no other was open.
    expect(await read('r-scope-alone')).toBeUndefined();
    // Another scope open meanwhile: the storage stays on, and the timer keeps the id it was set with.
    let release!: () => void;
    const held = withRequestScope(meta('r-scope-holder'), () => new Promise<void>((resolve) => (release = resolve)));
    expect(await read('r-scope-kept')).toBe('r-scope-kept');
    release();
    await held;
    expect(currentRequestScope()).toBeUndefined();
  });
});
