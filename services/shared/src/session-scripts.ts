/**
 * The session store's Lua scripts (session-store.ts runs them): read, save and destroy a member's
 * session with its index and generation, and end every session of a member, each in one step.
 */

/*
 * The scripts touch only the keys they are given (KEYS[]): a member's session (its id names the
 * member, redis-keys.ts), index, generation and snapshot share the hash tag `{<userId>}`.
 */

/** The member of a stored session JSON. */
const LUA_HELPERS = `
local function decode(raw)
  local ok, data = pcall(cjson.decode, raw)
  if ok and type(data) == 'table' then return data end
  return nil
end
local function memberOf(data)
  if data and type(data.userId) == 'string' and data.userId ~= '' then return data.userId end
  return nil
end
`;

/**
 * Reads a member's session (its id names the member), or nothing when it belongs to another
 * member or began before the member's sessions were ended (its generation is below the
 * member's), and with it the member's snapshot (member-snapshot.ts): one round trip.
 * KEYS[1] session, KEYS[2] generation, KEYS[3] snapshot; ARGV[1] the member the id names.
 * Returns nil, { session } (no member) or { session, snapshot or '' }.
 */
export const GET_SCRIPT = `${LUA_HELPERS}
local raw = redis.call('GET', KEYS[1])
if not raw then return nil end
local data = decode(raw)
local userId = memberOf(data)
if not userId then return { raw } end
if userId ~= ARGV[1] then return nil end
if (tonumber(data.gen) or 0) < (tonumber(redis.call('GET', KEYS[2])) or 0) then return nil end
return { raw, redis.call('GET', KEYS[3]) or '' }`;

/**
 * Saves a member's session and indexes it under its member, in one step (one round trip per
 * save). A session this request began (ARGV[3] = '1'; its JSON, a non-empty object, has no
 * `gen`) is stamped with the member's current generation; any other is saved only if its
 * generation is still current, so a request that was in flight while the member's sessions were
 * ended cannot write its session back.
 * KEYS[1] session, KEYS[2] index, KEYS[3] generation; ARGV[1] sid, ARGV[2] JSON, ARGV[3] fresh,
 * ARGV[4] ttl ms, ARGV[5] index ttl ms. Returns 1 when saved, 0 when refused.
 */
export const SET_SCRIPT = `${LUA_HELPERS}
local raw = ARGV[2]
local data = decode(raw)
local gen = tonumber(redis.call('GET', KEYS[3])) or 0
if ARGV[3] == '1' then
  raw = string.sub(raw, 1, -2) .. ',"gen":' .. gen .. '}'
elseif (tonumber(data.gen) or 0) < gen then
  redis.call('DEL', KEYS[1])
  redis.call('SREM', KEYS[2], ARGV[1])
  return 0
end
redis.call('SET', KEYS[1], raw, 'PX', ARGV[4])
redis.call('SADD', KEYS[2], ARGV[1])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[5]) then redis.call('PEXPIRE', KEYS[2], ARGV[5]) end
return 1`;

/** Deletes a member's session and takes it out of the index. KEYS[1] session, KEYS[2] index; ARGV[1] sid. */
export const DESTROY_SCRIPT = `
redis.call('SREM', KEYS[2], ARGV[1])
redis.call('DEL', KEYS[1])
return 1`;

/**
 * Ends every session of a member but one: deletes the sessions given, takes them out of the
 * index, raises the member's generation (to above ARGV[2], the generation of the keys from
 * before hash tags: older sessions carry it) so that unindexed or in-flight older sessions are
 * refused too, and re-stamps the kept session with the new generation.
 * KEYS[1] index, KEYS[2] generation, KEYS[3] the kept session (or none: ARGV[1] = ''), then the
 * sessions to end; ARGV[1] kept sid, ARGV[2] generation floor, ARGV[3] generation ttl ms, then
 * the ids of the sessions to end. Returns the number of sessions deleted.
 */
export const DESTROY_USER_SCRIPT = `
local first = ARGV[1] == '' and 3 or 4
local ended = 0
for i = first, #KEYS do
  ended = ended + redis.call('DEL', KEYS[i])
  redis.call('SREM', KEYS[1], ARGV[i - first + 4])
end
local gen = redis.call('INCR', KEYS[2])
if gen <= tonumber(ARGV[2]) then
  gen = tonumber(ARGV[2]) + 1
  redis.call('SET', KEYS[2], gen)
end
redis.call('PEXPIRE', KEYS[2], ARGV[3])
if ARGV[1] ~= '' and redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then
  local raw = redis.call('GET', KEYS[3])
  if raw then
    local kept, n = raw:gsub('([,{])"gen":%-?[%d.eE+-]+', '%1"gen":' .. gen, 1)
    if n == 0 then kept = string.sub(raw, 1, -2) .. ',"gen":' .. gen .. '}' end
    redis.call('SET', KEYS[3], kept, 'KEEPTTL')
  end
end
return ended`;
