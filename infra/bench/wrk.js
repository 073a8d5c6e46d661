'use strict';
// wrk: one round on a target (its figures parsed from wrk's output), its version, and the Lua
// that makes the heartbeat target's requests.

const { execFileSync } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const path = require('node:path');
const { CONNECTIONS, env, OUT_DIR, SECONDS, THREADS } = require('./settings');

const UNITS = { us: 0.001, ms: 1, s: 1000 };
const toMs = (value, unit) => Number(value) * UNITS[unit];

/** One wrk round: req/s, p50, p99 (ms), non-2xx/3xx and socket errors. */
function wrkOnce(url, headers, request) {
  const args = ['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', `${SECONDS}s`, '--latency'];
  for (const h of headers) args.push('-H', h);
  if (request) {
    // A POST target: wrk sends the method and the bodies a Lua script makes (`request.lua`: its
    // own script, one body per request), else the same body each time.
    const script = path.join(OUT_DIR, 'wrk-post.lua');
    const head = `wrk.method = "${request.method}"\nwrk.headers["Content-Type"] = "application/json"\nwrk.headers["Origin"] = ${JSON.stringify(env.SITE_ORIGIN)}\n`;
    writeFileSync(
      script,
      request.lua ? `${head}${request.lua()}` : `${head}wrk.body = ${JSON.stringify(JSON.stringify(request.body))}\n`,
    );
    args.push('-s', script);
  }
  args.push(url);
  const out = execFileSync('wrk', args, { encoding: 'utf8' });
  const latency = (p) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
    return m ? toMs(m[1], m[2]) : Number.NaN;
  };
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    p50: latency(50),
    p99: latency(99),
    bad: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    socketErrors: errors ? errors.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
  };
}

/** wrk's first line (`wrk --version` exits 1). */
function wrkVersion() {
  try {
    return execFileSync('wrk', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  } catch (err) {
    return (
      String(err.stdout ?? '')
        .split('\n')[0]
        .split(' [')[0] || 'wrk'
    );
  }
}

/**
 * wrk's Lua for the heartbeat target: every request a new, valid beat, as players send them, each
 * from the next of the beat members (its cookie). A member's beats in a thread make sessions of
 * BEATS_PER_SESSION (seq 0, 1, …; played and position 15 s further each time), one after another,
 * on the member's one item (its first beat in a day reads the store, as a player's does): within
 * the limits, as long as the run is short and the members many (a member's beats come every
 * members requests of a thread). Session ids carry the
 * run's time and the thread, so no beat of this run or an earlier one is a replay (the server
 * counts a session's seq once); the server still credits at most the wall time (credit.ts), so
 * most beats earn a few ms: the whole path (catalogue, limits, credit, live state) runs. One beat
 * in 5 begins a session (a player's is one in 40 or more).
 */
const BEATS_PER_SESSION = 5;
function heartbeatLua(itemIds, cookies) {
  return `
local items = { ${itemIds.map((id) => JSON.stringify(id)).join(', ')} }
local cookies = { ${cookies.map((c) => JSON.stringify(c)).join(', ')} }
local run = "${Date.now().toString(36)}"
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
local n = 0
function request()
  local member = (n % #cookies) + 1
  local beat = math.floor(n / #cookies)
  local block = math.floor(beat / ${BEATS_PER_SESSION})
  local seq = beat % ${BEATS_PER_SESSION}
  n = n + 1
  local item = items[(member % #items) + 1]
  local played = 15 * (seq + 1)
  local body = string.format('{"itemId":"%s","itemKind":"content","sessionId":"bench-%s-%d-%d-%d","seq":%d,"positionSec":%d,"playedSec":%d}',
    item, run, tid, member, block, seq, played, played)
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  headers["Cookie"] = cookies[member]
  return wrk.format(nil, nil, headers, body)
end
`;
}

module.exports = { wrkOnce, wrkVersion, heartbeatLua };
