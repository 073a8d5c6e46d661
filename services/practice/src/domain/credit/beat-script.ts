/**
 * The beat's Redis scripts (BeatState runs them, beats.ts) and the figures they are given: one
 * script per member decides a beat's credit and the item's live state; two more take the member's
 * pending effects for a flush and give back what the store did not take.
 */
/** A session's first beat earns at most this much: one beat interval (15 s) and some slack. */
export const FIRST_BEAT_MAX_MS = 20_000;
/** Slack over the wall time between two beats (timers and networks are not exact). */
export const WALL_SLACK_MS = 2_000;
/** How long a player session's state, and the member's items' live state, are kept after a beat. */
export const STATE_TTL_SEC = 24 * 3600;
/** How long effects wait for the store at most (a store down for days: they are kept that long). */
export const PENDING_TTL_SEC = 7 * 24 * 3600;
/**
 * Credit waiting for the store is kept per quarter hour of UTC: every time zone's midnight falls
 * on one (offsets are whole quarter hours), so the flush files each quarter under the member's day.
 */
export const SLOT_MS = 15 * 60_000;

/**
 * One beat, in one step per member (their keys share the `{userId}` tag): the beats' rate, the
 * credit, the item's live state and the effects the store has yet to get. No store round trip: a
 * beat is Redis only, and a flush (flush.ts, Flush.member) writes the effects to the store in batches.
 *
 * KEYS[1] the member's player sessions (hash: session id → `seq:played:at:first:window:beats`, the
 * session's last seq (-1 none), played ms and when, its first beat, the start of its rate window
 * and the beats in it), KEYS[2] the member's credited-until,
 * KEYS[3] the member's live items (hash, `<field>|<kind>|<itemId>`: `pl` played ms in all,
 * `cp` completed at ms), KEYS[4] the member's pending effects (hash: `s|<kind>|<id>|<slot>`
 * credited ms, `ps` position s, `at` practised at ms, `mt` the item's catalogue facts, `cp`).
 * ARGV: 1 now ms, 2 seq (-1: none), 3 played ms (the session's total so far), 4 first-beat cap,
 * 5 slack, 6 state ttl, 7 the item (`<kind>|<itemId>`), 8 position s, 9 the played ms that
 * completes the item (-1: no length known), 10 the quarter-hour slot, 11 the item's facts (JSON),
 * 12 the item's played ms in the store ('' when not read: the item must be known already),
 * 13 its completedAt ms in the store ('' none), 14 pending ttl, 15 the session id, 16 a session's
 * rate window ms, 17 its beats per window, 18 new sessions per hour, 19 sessions kept.
 *
 * The rate, before anything else (a refused beat changes nothing, so it costs no memory):
 * - a session's beats beyond ARGV[17] in its window of ARGV[16] ms → {-2, ms to wait, 'session'};
 * - a new session when ARGV[18] of the member's sessions began within the hour → {-2, ms, 'new'}.
 * The sessions hash is capped: a new session first drops the sessions idle for the state ttl,
 * then, while ARGV[19] remain, the one that began first (its next beat counts as a first beat).
 *
 * The credit:
 * - a beat whose seq is not above the session's last, or whose played total is not above it,
 *   earns nothing (a retry, a replay, a paused or muted player);
 * - otherwise the growth of played, at most the wall time since the session's last beat (+ slack),
 *   at most the first-beat cap for a session's first beat;
 * - that credit is the span [now - credit, now]; the part before the member's credited-until
 *   (another tab or device credited it already) is taken off, then credited-until becomes now.
 * Returns {-1} when the item is not live and ARGV[12] is '' (nothing changed: read the store, ask
 * again), else {credited ms, played ms in all, completed at ms or ''}.
 */
export const BEAT_SCRIPT = `
local now = tonumber(ARGV[1])
local sid = ARGV[15]
local function fields(value)
  local v = {}
  for n in string.gmatch(value, '[^:]+') do v[#v + 1] = tonumber(n) end
  return v
end
local entry = redis.call('HGET', KEYS[1], sid)
local window = tonumber(ARGV[16])
local last, sessions
if entry then
  last = fields(entry)
  if now >= last[5] and now - last[5] < window and last[6] >= tonumber(ARGV[17]) then
    return {-2, last[5] + window - now, 'session'}
  end
else
  last = {}
  sessions = redis.call('HGETALL', KEYS[1])
  local begun, earliest = 0, nil
  for i = 2, #sessions, 2 do
    local first = fields(sessions[i])[4]
    if now - first < 3600000 then
      begun = begun + 1
      if not earliest or first < earliest then earliest = first end
    end
  end
  if begun >= tonumber(ARGV[18]) then return {-2, earliest + 3600000 - now, 'new'} end
end
local item = ARGV[7]
local played = redis.call('HGET', KEYS[3], 'pl|' .. item)
if not played then
  if ARGV[12] == '' then return {-1} end
  played = ARGV[12]
  if ARGV[13] ~= '' then redis.call('HSET', KEYS[3], 'cp|' .. item, ARGV[13]) end
end
if sessions then
  local kept, live, idle = tonumber(ARGV[19]), {}, now - tonumber(ARGV[6]) * 1000
  for i = 1, #sessions, 2 do
    local v = fields(sessions[i + 1])
    if math.max(v[3], v[5]) < idle then redis.call('HDEL', KEYS[1], sessions[i])
    else live[#live + 1] = {sessions[i], v[4]} end
  end
  if #live >= kept then
    table.sort(live, function(a, b) return a[2] < b[2] end)
    for i = 1, #live - kept + 1 do redis.call('HDEL', KEYS[1], live[i][1]) end
  end
end
local seq = tonumber(ARGV[2])
local lastSeq = last[1]
if lastSeq and lastSeq < 0 then lastSeq = nil end
local lastPlayed, lastAt = last[2], last[3]
local state = {lastSeq or -1, lastPlayed, lastAt, last[4] or now, now, 1}
if last[5] and now >= last[5] and now - last[5] < window then state[5], state[6] = last[5], last[6] + 1 end
local function credit()
  local sessionPlayed = tonumber(ARGV[3])
  if seq >= 0 and lastSeq and seq <= lastSeq then return 0 end
  if seq >= 0 then state[1] = seq end
  if lastPlayed and sessionPlayed <= lastPlayed then
    if sessionPlayed == lastPlayed then state[3] = now end
    return 0
  end
  local earned
  if not lastPlayed then
    earned = math.min(sessionPlayed, tonumber(ARGV[4]))
  else
    earned = math.min(sessionPlayed - lastPlayed, math.max(0, now - lastAt) + tonumber(ARGV[5]))
  end
  state[2], state[3] = sessionPlayed, now
  local creditedUntil = tonumber(redis.call('GET', KEYS[2]) or '0')
  local from = math.max(now - earned, creditedUntil)
  if now > creditedUntil then redis.call('SET', KEYS[2], now, 'EX', tonumber(ARGV[6])) end
  return math.max(0, now - from)
end
local credited = credit()
redis.call('HSET', KEYS[1], sid, table.concat(state, ':'))
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[6]))
local total = tonumber(played) + credited
local completedAt = redis.call('HGET', KEYS[3], 'cp|' .. item)
local completeAt = tonumber(ARGV[9])
if not completedAt and completeAt >= 0 and total >= completeAt then
  completedAt = ARGV[1]
  redis.call('HSET', KEYS[3], 'cp|' .. item, completedAt)
  redis.call('HSET', KEYS[4], 'cp|' .. item, completedAt)
end
redis.call('HSET', KEYS[3], 'pl|' .. item, total)
redis.call('EXPIRE', KEYS[3], tonumber(ARGV[6]))
if credited > 0 then redis.call('HINCRBY', KEYS[4], 's|' .. item .. '|' .. ARGV[10], credited) end
redis.call('HSET', KEYS[4], 'ps|' .. item, ARGV[8], 'at|' .. item, ARGV[1], 'mt|' .. item, ARGV[11])
redis.call('EXPIRE', KEYS[4], tonumber(ARGV[14]))
return {credited, total, completedAt or ''}
`;

/** A flush takes the member's pending effects whole: a beat after it starts a new set. */
export const TAKE_SCRIPT = `
local effects = redis.call('HGETALL', KEYS[1])
if #effects > 0 then redis.call('DEL', KEYS[1]) end
return effects
`;

/**
 * Effects a flush could not write go back: credit is added again, and the other fields return
 * only where no later beat set them since (ARGV: field, value, field, value, …).
 */
export const RESTORE_SCRIPT = `
for i = 1, #ARGV, 2 do
  local field = ARGV[i]
  if string.sub(field, 1, 2) == 's|' then
    redis.call('HINCRBY', KEYS[1], field, ARGV[i + 1])
  else
    redis.call('HSETNX', KEYS[1], field, ARGV[i + 1])
  end
end
redis.call('EXPIRE', KEYS[1], tonumber(${PENDING_TTL_SEC}))
return #ARGV / 2
`;
