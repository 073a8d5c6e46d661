/**
 * The admin command as the founder runs it (`npm run admin -w services/auth -- …`), a child
 * process against this file's test database.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadMemberSnapshot, USERS_COLLECTION } from '@fm/shared/auth';
import { AuditLog } from '@fm/shared/http';
import { createTestDeps, insertUser, type TestDeps } from '@fm/shared/testing';
import { configSchema, type AuthConfig } from './config';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..', '..');
let deps: TestDeps<AuthConfig>;
let mongoUrl: string;

beforeAll(async () => {
  deps = await createTestDeps(configSchema);
  const url = new URL(deps.config.MONGO_URL);
  url.pathname = `/${deps.env.TEST_DB_NAME}`;
  mongoUrl = url.toString();
  // The script builds before it runs; build once here so each call below is quick.
  await run('npx', ['tsc', '-b', 'services/auth'], { cwd: ROOT });
}, 120_000);
afterAll(async () => {
  await deps.close();
});

async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return adminWith({}, ...args);
}

/** The built command (what `npm run admin` runs after its build), so a call costs one Node start. */
async function adminWith(env: Record<string, string>, ...args: string[]) {
  return command(process.execPath, [join(ROOT, 'services', 'auth', 'dist', 'admin-command.js'), ...args], env);
}

/** `npm run admin` itself: it builds, runs the command and passes its exit code on. */
async function adminViaNpm(...args: string[]) {
  return command('npm', ['run', '--silent', 'admin', '-w', 'services/auth', '--', ...args], {});
}

async function command(
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(file, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        MONGO_URL: mongoUrl,
        REDIS_URL: env.REDIS_URL ?? deps.config.REDIS_URL,
        REDIS_PREFIX: deps.config.REDIS_PREFIX,
        npm_config_loglevel: 'silent',
      },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const snapshotOf = (id: string) => loadMemberSnapshot(deps.redis, deps.config.REDIS_PREFIX, deps.mongo, id);

const roleOf = async (id: string) =>
  (await deps.mongo.collection(USERS_COLLECTION).findOne({ _id: id as never }))?.role;

describe('npm run admin -w services/auth', () => {
  it('when the founder grants an email, then that member becomes an admin, the list shows them and the grant is audited', async () => {
    const member = await insertUser(deps, { email: 'alex.reid@example.com', firstName: 'Alex', lastName: 'Reid' });
    expect(await admin('list')).toMatchObject({ code: 0, stdout: expect.stringContaining('No admins yet') });

    const granted = await admin('grant', '  Alex.Reid@Example.com ');
    expect(granted).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('alex.reid@example.com is now an admin'),
    });
    expect(await roleOf(member.id)).toBe('admin');

    const list = await admin('list');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('1 admin:');
    expect(list.stdout).toContain(`alex.reid@example.com  (Alex Reid)  id ${member.id}`);

    expect(await admin('grant', 'alex.reid@example.com')).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('already an admin'),
    });
    const [entry] = (await new AuditLog(deps.mongo).list({ page: 1, pageSize: 5 }, { targetId: member.id })).items;
    expect(entry).toMatchObject({
      actorId: 'admin-command',
      action: 'member.grant-admin',
      targetType: 'member',
      summary: 'role: "member" → "admin" (alex.reid@example.com)',
    });
  });

  it('when the founder revokes, then the member is a member again (and a second revoke changes nothing)', async () => {
    const member = await insertUser(deps, { email: 'assistant@example.com' });
    expect((await snapshotOf(member.id))?.role).toBe('member'); // the snapshot exists before the grant
    expect((await admin('grant', 'assistant@example.com')).code).toBe(0);
    // What the site shows the member (GET /api/auth/user reads the snapshot) follows at once.
    expect((await snapshotOf(member.id))?.role).toBe('admin');
    const revoked = await admin('revoke', 'assistant@example.com');
    expect(revoked).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('assistant@example.com is no longer an admin'),
    });
    expect(await roleOf(member.id)).toBe('member');
    expect((await snapshotOf(member.id))?.role).toBe('member');
    expect(await admin('revoke', 'assistant@example.com')).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('is not an admin'),
    });
  });

  it('when Redis is unreachable, then the role still changes and is audited, and exit 1 says the cached view lags', async () => {
    const member = await insertUser(deps, { email: 'no-redis@example.com' });
    const res = await adminWith({ REDIS_URL: 'redis://127.0.0.1:1' }, 'grant', 'no-redis@example.com');
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('no-redis@example.com is now an admin');
    expect(res.stderr).toContain("the member's cached view in Redis was not updated");
    expect(await roleOf(member.id)).toBe('admin');
    const [entry] = (await new AuditLog(deps.mongo).list({ page: 1, pageSize: 5 }, { targetId: member.id })).items;
    expect(entry).toMatchObject({ action: 'member.grant-admin' });
  });

  it('when the email belongs to no member, then a clear message and a non-zero exit, and nothing changes', async () => {
    const res = await admin('grant', 'nobody@example.com');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('No member with the email nobody@example.com');
    expect((await admin('revoke', 'nobody@example.com')).code).toBe(1);
    expect(await deps.mongo.collection(USERS_COLLECTION).countDocuments({ email: 'nobody@example.com' })).toBe(0);
  });

  it('when the command line is wrong, then the usage and exit 2', async () => {
    for (const args of [[], ['promote', 'a@b.co'], ['grant'], ['grant', 'a@b.co', 'extra'], ['list', 'x']]) {
      const res = args.length ? await admin(...args) : await adminViaNpm(); // once the founder's way

      expect(res.code).toBe(2);
      expect(res.stderr).toContain('Usage: npm run admin -w services/auth -- <command>');
    }
  });
});
