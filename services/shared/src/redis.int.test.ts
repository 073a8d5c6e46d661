import { randomUUID } from 'node:crypto';
import { baseEnvSchema } from './config';
import { evalScriptBeside } from './redis';
import { createTestDeps, type TestDeps } from './testing';

let deps: TestDeps<ReturnType<typeof baseEnvSchema.parse>>;
let n = 0;
const freshKey = (name: string) => `${deps.config.REDIS_PREFIX}:beside-test:${name}:${++n}`;

/** INCR of KEYS[1] by ARGV[1]; a comment makes the script new to Redis (never loaded: NOSCRIPT first). */
const incrScript = (tag = '') => `-- ${tag}\nreturn redis.call('INCRBY', KEYS[1], ARGV[1])`;

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
});

afterAll(async () => {
  await deps.close();
});

describe('evalScriptBeside', () => {
  it('when a script and a command beside it are sent, then both take effect and the answer is the script’s', async () => {
    const counter = freshKey('counter');
    const dirty = freshKey('dirty');
    const script = incrScript('beside');
    await evalScriptBeside(deps.redis, script, 1, [counter, 2], (p) => p.zadd(dirty, 'NX', 1, 'member-a'));

    const answer = await evalScriptBeside(deps.redis, script, 1, [counter, 3], (p) =>
      p.zadd(dirty, 'NX', 2, 'member-b'),
    );

    expect(answer).toBe(5);
    expect(await deps.redis.zrange(dirty, 0, -1)).toEqual(['member-a', 'member-b']);
  });

  it('when Redis does not know the script yet, then it is loaded and run once, and the command beside it ran once', async () => {
    const counter = freshKey('counter');
    const list = freshKey('list');

    const answer = await evalScriptBeside(deps.redis, incrScript(randomUUID()), 1, [counter, 7], (p) =>
      p.rpush(list, 'beside'),
    );

    expect(answer).toBe(7);
    expect(await deps.redis.get(counter)).toBe('7');
    expect(await deps.redis.lrange(list, 0, -1)).toEqual(['beside']);
  });

  it('when a command beside the script fails, then the error is thrown', async () => {
    const notASortedSet = freshKey('string');
    await deps.redis.set(notASortedSet, 'x');

    await expect(
      evalScriptBeside(deps.redis, incrScript('fails'), 1, [freshKey('counter'), 1], (p) =>
        p.zadd(notASortedSet, 'NX', 1, 'm'),
      ),
    ).rejects.toThrow(/WRONGTYPE/);
  });
});
