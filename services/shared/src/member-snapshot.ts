import type { MembershipLevel, Role, User as PublicUser } from '@fm/contracts';
import type { Redis } from 'ioredis';
import { evalScript } from './redis';
import { redisKeys } from './redis-keys';
import type { Connection } from 'mongoose';

/**
 * The member snapshot: what every logged-in request needs to know about its member (id, email,
 * names, picture, level, role, sign-up time — exactly the public `User` view), kept in Redis so
 * that the hot read is one Redis GET (done in the same round trip as the session, see
 * session.ts) instead of a MongoDB findOne.
 *
 * Stored as `{"v":<version>,"m":<member>}` under `<prefix>:member:{<userId>}`, or as a bare
 * `{"v":<version>}` (a tombstone: the member changed or is gone, read MongoDB). Consistency:
 * - a writer (auth, after it changed the member in MongoDB) first raises the version (a
 *   tombstone; the version is Redis' clock in µs, always above the previous one), then reads the
 *   member back and fills the snapshot under that version;
 * - a reader that found no snapshot reads MongoDB and fills only if the version is still the one
 *   it saw before its read. A read that began before a write can therefore never land after it:
 *   the write raised the version in between. Once a writer has returned, every later request
 *   sees its change (or a newer one).
 */
export type MemberSnapshot = PublicUser;

/** How long an unused snapshot (or tombstone) lives; the next request after that reads MongoDB once. */
export const MEMBER_SNAPSHOT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The snapshot's key: `<prefix>:member:{<user id>}` (redis-keys.ts). */
export function memberSnapshotKey(prefix: string, userId: string): string {
  return redisKeys(prefix).memberSnapshot(userId);
}

/** What is stored under the key (null: no key). */
export interface StoredSnapshot {
  v: number;
  m?: MemberSnapshot;
}

export function parseStoredSnapshot(raw: string | null | undefined): StoredSnapshot | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as StoredSnapshot;
    return data && typeof data.v === 'number' ? data : null;
  } catch {
    return null;
  }
}

const LUA_VERSION_OF = `
local function versionOf(raw)
  if not raw then return 0 end
  local ok, data = pcall(cjson.decode, raw)
  if ok and type(data) == 'table' then return tonumber(data.v) or 0 end
  return 0
end
`;

/** Raises the version, leaving a tombstone. KEYS[1] key; ARGV[1] ttl ms. Returns the new version (string). */
const BUMP_SCRIPT = `${LUA_VERSION_OF}
local current = versionOf(redis.call('GET', KEYS[1]))
local t = redis.call('TIME')
local v = tonumber(t[1]) * 1000000 + tonumber(t[2])
if v <= current then v = current + 1 end
local version = string.format('%d', v)
redis.call('SET', KEYS[1], '{"v":' .. version .. '}', 'PX', ARGV[1])
return version`;

/**
 * Stores the member under `version` if the key still holds that version (0: no key).
 * KEYS[1] key; ARGV[1] version, ARGV[2] member JSON, ARGV[3] ttl ms. Returns 1 when stored.
 */
const FILL_SCRIPT = `${LUA_VERSION_OF}
if versionOf(redis.call('GET', KEYS[1])) ~= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], '{"v":' .. ARGV[1] .. ',"m":' .. ARGV[2] .. '}', 'PX', ARGV[3])
return 1`;

export const USERS_COLLECTION = 'users';

/** The fields of a `users` document the public view is made of. */
export interface UserDocument {
  _id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  membershipLevel?: MembershipLevel;
  role?: Role;
  createdAt?: Date;
  emailVerified?: boolean;
  newsletter?: boolean;
}

const MEMBER_PROJECTION = {
  email: 1,
  firstName: 1,
  lastName: 1,
  profileImageUrl: 1,
  membershipLevel: 1,
  role: 1,
  createdAt: 1,
  emailVerified: 1,
  newsletter: 1,
} as const;

/** The member as stored in MongoDB (the source of truth), or undefined when there is none. */
export async function readMemberFromMongo(mongo: Connection, userId: string): Promise<MemberSnapshot | undefined> {
  const doc = await mongo
    .collection<UserDocument>(USERS_COLLECTION)
    .findOne({ _id: userId }, { projection: MEMBER_PROJECTION });
  return doc ? toPublicUser(doc) : undefined;
}

/** A member as the API shows them (`User` of the contracts): no password hash, no Stripe ids. */
export function toPublicUser(doc: UserDocument): PublicUser {
  return {
    id: doc._id,
    email: doc.email,
    firstName: doc.firstName ?? null,
    lastName: doc.lastName ?? null,
    profileImageUrl: doc.profileImageUrl ?? null,
    membershipLevel: doc.membershipLevel === 'premium' ? 'premium' : 'free',
    // Records from before roles existed have none: members.
    role: doc.role === 'admin' ? 'admin' : 'member',
    createdAt: (doc.createdAt instanceof Date ? doc.createdAt : new Date(0)).toISOString(),
    // Members from before verification existed have none: not verified.
    emailVerified: doc.emailVerified === true,
    // Nobody gets the newsletter without choosing it.
    newsletter: doc.newsletter === true,
  };
}

/** Stores `member` under `version` unless a writer has raised the version since (then false). */
export async function fillMemberSnapshot(
  redis: Redis,
  prefix: string,
  version: number | string,
  member: MemberSnapshot,
): Promise<boolean> {
  const stored = await evalScript(
    redis,
    FILL_SCRIPT,
    1,
    memberSnapshotKey(prefix, member.id),
    String(version),
    JSON.stringify(member),
    MEMBER_SNAPSHOT_TTL_MS,
  );
  return stored === 1;
}

/**
 * The reader's side: the member from the snapshot `seen` (as read, null when there was no key),
 * or on a miss from MongoDB, filling the snapshot unless a writer raised the version meanwhile.
 */
export async function memberFromSnapshot(
  redis: Redis,
  prefix: string,
  mongo: Connection,
  userId: string,
  seen: StoredSnapshot | null,
): Promise<MemberSnapshot | undefined> {
  // A snapshot written before `emailVerified` or `newsletter` existed lacks it: read MongoDB as on a miss.
  if (
    seen?.m &&
    seen.m.id === userId &&
    typeof seen.m.emailVerified === 'boolean' &&
    typeof seen.m.newsletter === 'boolean'
  ) {
    return seen.m;
  }
  const member = await readMemberFromMongo(mongo, userId);
  if (member) await fillMemberSnapshot(redis, prefix, seen?.v ?? 0, member);
  return member;
}

/** Reads the snapshot (one GET) and falls back to MongoDB as memberFromSnapshot does. */
export async function loadMemberSnapshot(
  redis: Redis,
  prefix: string,
  mongo: Connection,
  userId: string,
): Promise<MemberSnapshot | undefined> {
  const seen = parseStoredSnapshot(await redis.get(memberSnapshotKey(prefix, userId)));
  return memberFromSnapshot(redis, prefix, mongo, userId, seen);
}

/** The writer's side (auth, the admin command): call after every change of a member in MongoDB. */
export interface MemberSnapshots {
  /** The member changed: the snapshot is rewritten from MongoDB (no request sees the old one after this returns). */
  refresh(userId: string): Promise<void>;
  /** The member is gone: the snapshot becomes a tombstone (readers go to MongoDB and find nobody). */
  drop(userId: string): Promise<void>;
}

export function memberSnapshots(redis: Redis, prefix: string, mongo: Connection): MemberSnapshots {
  const keys = redisKeys(prefix);
  const bump = async (userId: string) => {
    const version = (await evalScript(
      redis,
      BUMP_SCRIPT,
      1,
      keys.memberSnapshot(userId),
      MEMBER_SNAPSHOT_TTL_MS,
    )) as string;
    // For one release: replicas still on the code from before hash tags read the old key.
    await evalScript(redis, BUMP_SCRIPT, 1, keys.legacyMemberSnapshot(userId), MEMBER_SNAPSHOT_TTL_MS);
    return version;
  };
  return {
    async refresh(userId) {
      const version = await bump(userId);
      const member = await readMemberFromMongo(mongo, userId);
      if (member) await fillMemberSnapshot(redis, prefix, version, member);
    },
    async drop(userId) {
      await bump(userId);
    },
  };
}
