/**
 * The list cache's scripts touch exactly the keys they are given (KEYS[]), all of one Redis
 * Cluster slot (the `{course-lists}` hash tag): watched with MONITOR (the kit's watchScripts).
 */
import { createTestDeps, keySlot, type TestDeps, watchScripts } from '@fm/shared/testing';
import { type Config, configSchema } from '../config';
import { CourseListCache } from './course-list-cache';

let deps: TestDeps<Config>;
let watch: Awaited<ReturnType<typeof watchScripts>>;

beforeAll(async () => {
  deps = await createTestDeps(configSchema);
  watch = await watchScripts(deps.redis, deps.config.REDIS_PREFIX);
});

afterAll(async () => {
  watch.close();
  await deps.close();
});

it('when a page is missed, filled and then hit, then each script touches the version and the page, of one slot', async () => {
  const cache = new CourseListCache(deps.redis, deps.config.REDIS_PREFIX);
  const page = { limit: 20, offset: 0 };
  const load = async () => ({ total: 1, body: '[{"name":"Putting"}]' });
  const runs = await watch.during(async () => {
    await cache.ownPage('member-1', page, load);
    expect(await cache.ownPage('member-1', page, load)).toEqual({ total: 1, body: '[{"name":"Putting"}]' });
  });
  const prefix = deps.config.REDIS_PREFIX;
  const expected = [`${prefix}:courses:{course-lists}:version`, `${prefix}:courses:{course-lists}:own:member-1:20:0`];
  // Read (miss), fill, read (hit).
  expect(runs.map((run) => run.keys)).toEqual([expected, expected, expected]);
  for (const run of runs) {
    expect([...run.touched].sort()).toEqual([...expected].sort());
    expect(new Set(run.keys.map(keySlot)).size).toBe(1);
  }
});
