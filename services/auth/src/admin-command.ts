/**
 * Who may open the founder console: the only way to change a member's role (no HTTP route can).
 *
 *   npm run admin -w services/auth -- grant <email>    the member becomes an admin
 *   npm run admin -w services/auth -- revoke <email>   back to a member (next request refused)
 *   npm run admin -w services/auth -- list             every admin
 *
 * Reads auth's configuration as the stack does: `.env.example`, then `.env` (at the repository
 * root), then the environment; its parts come from auth's `compose()` (runCommand). Exit 0 when
 * done (also when there was nothing to change), 1 for an unknown email or an unreachable database
 * (or, after the change is made and audited, an unreachable Redis: the member's snapshot then
 * shows the old role until it expires; the founder console reads the role from the database
 * anyway), 2 for a wrong command line. Grants and revokes are recorded in the founder console's
 * audit log.
 */
import { userInfo } from 'node:os';
import { MEMBER_SNAPSHOT_TTL_MS } from '@fm/shared/auth';
import { AuditLog } from '@fm/shared/http';
import { type CommandIo, processIo, runCommand } from '@fm/shared/service';
import type { Connection } from 'mongoose';
import { compose } from './compose';
import { configSchema } from './config';
import { authModels, type User } from './domain/user.model';

const USAGE = [
  'Usage: npm run admin -w services/auth -- <command>',
  '  grant <email>    make the member with this email an admin (opens the Founder Console)',
  '  revoke <email>   make them a member again',
  '  list             list the admins',
].join('\n');

/**
 * Runs one command against the database; answers the exit code. `memberChanged` runs after a
 * member's role changed (the command: rewrites their snapshot in Redis, see member-snapshot.ts).
 */
export async function runAdminCommand(
  args: readonly string[],
  mongo: Connection,
  io: CommandIo,
  memberChanged: (userId: string) => Promise<void> = async () => undefined,
): Promise<number> {
  const [command, email, ...rest] = args;
  const needsEmail = command === 'grant' || command === 'revoke';
  if (!command || (needsEmail && (!email || rest.length)) || (command === 'list' && args.length > 1)) {
    io.err(USAGE);
    return 2;
  }
  if (command !== 'list' && !needsEmail) {
    io.err(`Unknown command "${command}".\n${USAGE}`);
    return 2;
  }
  const { User } = await authModels(mongo);

  if (command === 'list') {
    const admins = await User.find({ role: 'admin' }).sort({ email: 1 }).lean<User[]>();
    if (!admins.length) {
      io.out('No admins yet. Grant one with: npm run admin -w services/auth -- grant <email>');
      return 0;
    }
    io.out(`${admins.length} admin${admins.length === 1 ? '' : 's'}:`);
    for (const admin of admins) {
      const name = [admin.firstName, admin.lastName].filter(Boolean).join(' ');
      io.out(`  ${admin.email}${name ? `  (${name})` : ''}  id ${admin._id}`);
    }
    return 0;
  }

  const address = email!.trim().toLowerCase();
  const user = await User.findOne({ email: address }).lean<User>();
  if (!user) {
    io.err(`No member with the email ${address}. They need to sign up first.`);
    return 1;
  }
  const grant = command === 'grant';
  const wasAdmin = user.role === 'admin';
  if (grant === wasAdmin) {
    io.out(grant ? `${address} is already an admin.` : `${address} is not an admin; nothing to revoke.`);
    return 0;
  }
  await User.updateOne({ _id: user._id }, { $set: { role: grant ? 'admin' : 'member' } });
  await new AuditLog(mongo).record(
    { id: 'admin-command', email: `command line (${safeUserName()})` },
    {
      action: grant ? 'member.grant-admin' : 'member.revoke-admin',
      targetType: 'member',
      targetId: user._id,
      summary: `role: "${wasAdmin ? 'admin' : 'member'}" → "${grant ? 'admin' : 'member'}" (${address})`,
    },
  );
  io.out(
    grant
      ? `${address} is now an admin: the Founder Console opens for them at /admin (no new login needed).`
      : `${address} is no longer an admin: admin pages refuse them from their next request.`,
  );
  try {
    await memberChanged(user._id);
  } catch (err) {
    // The role is changed and audited; admin pages read it from the database. Only what the
    // site shows the member (their snapshot in Redis) is behind until it expires or changes.
    io.err(
      `admin: the member's cached view in Redis was not updated (${err instanceof Error ? err.message : String(err)}); ` +
        `their pages may show the old role until it expires (${MEMBER_SNAPSHOT_TTL_MS / 86_400_000} days) or their record changes again.`,
    );
    return 1;
  }
  return 0;
}

function safeUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown user';
  }
}

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args[0] === '--help' || args[0] === 'help') {
    processIo.out(USAGE);
  } else if (!args.length) {
    processIo.err(USAGE);
    process.exitCode = 2;
  } else {
    void runCommand({
      name: 'admin',
      configSchema,
      from: __dirname,
      compose,
      run: ({ snapshots }, { mongo }, io) => runAdminCommand(args, mongo, io, (userId) => snapshots.refresh(userId)),
    });
  }
}
