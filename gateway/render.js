#!/usr/bin/env node
'use strict';
/* eslint-disable no-console -- a command-line tool: the console is its output */
// Renders the gateway's nginx config from nginx.conf.template for one of two modes.
//
//   node gateway/render.js --mode local   --out .data/nginx/conf [--root DIR] [--media DIR] [--prefix DIR]
//   node gateway/render.js --mode compose --out DIR
//   … [--registry FILE]: another service registry than services/contracts/src/registry.json (tests)
//
// local:   upstream blocks with keepalive on 127.0.0.1:<AUTH_PORT…>, or on every port of
//          <NAME>_UPSTREAM_PORTS ("4002,4012,4022": the replicas the launcher started, see
//          infra/cli/replicas.ts); listens on GATEWAY_HOST:GATEWAY_PORT, logs/pid/temp files
//          under --prefix (the nginx -p dir).
// compose: Docker's DNS (127.0.0.11) resolves service names per request (variables in
//          proxy_pass), so every replica of a scaled service gets traffic; listens on 8080
//          (the compose file publishes GATEWAY_PORT to it); logs to stdout/stderr.
// The services, their default ports, /api locations and which one serves media come from the
// service registry (services/contracts/src/registry.json; render() takes another for tests).
// Environment read: GATEWAY_PORT, GATEWAY_HOST, <NAME>_PORT and <NAME>_UPSTREAM_PORTS for each service,
// GATEWAY_CLIENT_MAX_BODY_SIZE, GATEWAY_CSP_FRAME_SRC_EXTRA, GATEWAY_CSP_MEDIA_SRC_EXTRA; BODY_LIMIT
// (the services' body limit, 100kb) caps every API route but those the registry gives the gateway's.

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');

/**
 * @typedef {{ name: string, port: number, servesMedia: boolean,
 *   gateway: { locations: string[], gatewayBodyLimit?: string[] } }} RegistryService
 * @typedef {{ services: RegistryService[] }} Registry
 */
const REGISTRY_PATH = path.join(__dirname, '..', 'services', 'contracts', 'src', 'registry.json');
/** @returns {Registry} */
const readRegistry = (file = REGISTRY_PATH) => JSON.parse(fs.readFileSync(file, 'utf8'));
/**
 * Idle connections each nginx worker keeps open to a service (local mode's upstream blocks). At 16,
 * 64 requests in flight (make bench) made nginx close and reopen upstream connections all the
 * time: 1,025 sockets to auth in TIME_WAIT after two 5 s rounds, and auth spent 371-375 µs of CPU per
 * GET /api/auth/user against 305-332 µs at 64 (docs/PERFORMANCE.md). The services keep an idle
 * connection 65 s (kit server.ts), longer than nginx's 60 s default, so nginx never reuses one
 * they have closed. The bench's baselines (infra/cli/bench.ts) take the same number from here.
 */
const UPSTREAM_KEEPALIVE = 64;

/**
 * The API routes of nginx.conf.template's {{API_LOCATIONS}}: each location of each service, in the
 * registry's order (nginx picks exact, then the longest prefix: order does not matter), and a JSON
 * 404 for the bare path of a prefix without its exact twin (/api/auth: else nginx's 301 to /api/auth/).
 * @param {Registry} registry @param {(name: string, gatewayLimit: boolean) => string} proxy
 */
function apiLocations(registry, proxy) {
  const all = new Set(registry.services.flatMap((s) => s.gateway.locations));
  const line = (/** @type {string} */ loc, /** @type {string} */ body) => `    location ${loc.padEnd(33)}{ ${body} }`;
  const out = [];
  for (const s of registry.services) {
    for (const loc of s.gateway.locations) {
      if (!/^(= )?\/api\//.test(loc)) throw new Error(`${s.name}: gateway location "${loc}" is not under /api/`);
      out.push(line(loc, proxy(s.name, (s.gateway.gatewayBodyLimit ?? []).includes(loc))));
    }
  }
  for (const loc of all) {
    const bare = loc.replace(/\/$/, '');
    if (!loc.startsWith('=') && bare !== loc && !all.has(`= ${bare}`))
      out.push(line(`= ${bare}`, 'include fm-api-not-found.conf;'));
  }
  return out.join('\n');
}

/** @param {NodeJS.ProcessEnv} env */
function contentSecurityPolicy(env) {
  const extra = (/** @type {string} */ name) => (env[name] || '').trim();
  const stripeJs = 'https://js.stripe.com https://*.js.stripe.com';
  const directives = [
    ['default-src', "'self'"],
    ['script-src', `'self' ${stripeJs}`],
    // MUI (emotion) injects <style> at run time.
    ['style-src', "'self' 'unsafe-inline'"],
    // Course photos, scorecards and avatars are URLs members and the catalogue provide.
    ['img-src', "'self' data: blob: https:"],
    ['font-src', "'self' data:"],
    ['connect-src', "'self' https://api.stripe.com"],
    [
      'frame-src',
      `'self' ${stripeJs} https://hooks.stripe.com https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com ${extra('GATEWAY_CSP_FRAME_SRC_EXTRA')}`,
    ],
    ['media-src', `'self' blob: ${extra('GATEWAY_CSP_MEDIA_SRC_EXTRA')}`],
    ['worker-src', "'self' blob:"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([k, v]) => `${k} ${v.trim().replace(/\s+/g, ' ')}`).join('; ');
}

/** @param {string} name @param {string | undefined} value @param {number} fallback */
function port(name, value, fallback) {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return n;
}

/**
 * The ports of a service's replicas (local mode): <NAME>_UPSTREAM_PORTS when set, else its one port.
 * @param {string} s @param {NodeJS.ProcessEnv} env @param {number} single
 */
function upstreamPorts(s, env, single) {
  const name = `${s.toUpperCase()}_UPSTREAM_PORTS`;
  const list = (env[name] || '').trim();
  if (!list) return [single];
  const ports = list.split(/[\s,]+/).map((v) => port(name, v, 0));
  if (new Set(ports).size !== ports.length) throw new Error(`${name} lists a port twice: "${list}"`);
  return ports;
}

/**
 * @param {{ mode: 'local' | 'compose', root: string, media: string, prefix: string, env: NodeJS.ProcessEnv, isRoot: boolean, ipv6: boolean, registry?: Registry }} o
 * @returns {Record<string, string>} file name → content
 */
function render(o) {
  const { env } = o;
  const registry = o.registry ?? readRegistry();
  const SERVICES = registry.services.map((s) => s.name);
  const ports = Object.fromEntries(
    registry.services.map((s) => [
      s.name,
      port(`${s.name.toUpperCase()}_PORT`, env[`${s.name.toUpperCase()}_PORT`], s.port),
    ]),
  );
  const media = registry.services.filter((s) => s.servesMedia).map((s) => s.name);
  if (media.length !== 1) throw new Error(`the registry must name one service that serves media, not ${media.length}`);
  const bodySize = env.GATEWAY_CLIENT_MAX_BODY_SIZE || '1m';
  if (!/^\d+[kKmM]?$/.test(bodySize))
    throw new Error(`GATEWAY_CLIENT_MAX_BODY_SIZE must look like 1m or 512k, got "${bodySize}"`);

  /** @type {Record<string, string>} */
  const serviceBodyLimit = (env.BODY_LIMIT || '100kb').replace(/^(\d+)(k|m)b$/, '$1$2');
  if (!/^\d+[km]$/.test(serviceBodyLimit))
    throw new Error(`BODY_LIMIT must look like 100kb or 1mb, got "${env.BODY_LIMIT}"`);
  const values = {
    CLIENT_MAX_BODY_SIZE: bodySize,
    SERVICE_BODY_SIZE: serviceBodyLimit,
    DIST_ROOT: o.root,
    MEDIA_ROOT: o.media.replace(/\/+$/, ''),
  };
  let proxy;
  if (o.mode === 'local') {
    const gatewayPort = port('GATEWAY_PORT', env.GATEWAY_PORT, 8080);
    const host = env.GATEWAY_HOST || '127.0.0.1';
    const p = (/** @type {string} */ rel) => path.join(o.prefix, rel);
    values.MAIN = [
      // Workers must read the work tree; as root, nginx would otherwise drop to "nobody".
      o.isRoot ? 'user root root;' : '',
      `pid ${p('logs/nginx.pid')};`,
      `error_log ${p('logs/error.log')} warn;`,
    ]
      .filter(Boolean)
      .join('\n');
    values.HTTP_EXTRA = [
      `  access_log ${p('logs/access.log')} fm;`,
      `  client_body_temp_path ${p('tmp/client_body')};`,
      `  proxy_temp_path ${p('tmp/proxy')};`,
      `  fastcgi_temp_path ${p('tmp/fastcgi')};`,
      `  uwsgi_temp_path ${p('tmp/uwsgi')};`,
      `  scgi_temp_path ${p('tmp/scgi')};`,
    ].join('\n');
    // The media gate's cache (nginx.conf.template).
    values.MEDIA_GATE_CACHE = p('media-gate-cache');
    // One server line per replica. A replica that refuses or resets a connection is skipped
    // for fail_timeout (nginx's default max_fails=1); fm-proxy.conf says which requests retry.
    values.UPSTREAMS = SERVICES.map((s) => {
      const servers = upstreamPorts(s, env, ports[s]).map(
        (p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`,
      );
      return `  upstream fm_${s} {\n${servers.join('\n')}\n    keepalive ${UPSTREAM_KEEPALIVE};\n  }`;
    }).join('\n');
    const listens = [`    listen ${host.includes(':') ? `[${host}]` : host}:${gatewayPort};`];
    // "localhost" may resolve to ::1 first (browsers, Node): answer there too.
    if (host === '127.0.0.1' && o.ipv6) listens.push(`    listen [::1]:${gatewayPort};`);
    values.LISTEN = listens.join('\n');
    proxy = (/** @type {string} */ s) => `proxy_pass http://fm_${s};`;
  } else {
    values.MAIN = 'error_log stderr warn;';
    values.HTTP_EXTRA = '  access_log /dev/stdout fm;';
    // The image's nginx cache folder (an emptyDir in Kubernetes, whose root is read-only).
    values.MEDIA_GATE_CACHE = '/var/cache/nginx/fm-media-gate';
    values.UPSTREAMS = [
      '  # Docker DNS; short validity so new or removed replicas are seen within seconds.',
      '  resolver 127.0.0.11 valid=5s ipv6=off;',
      '  resolver_timeout 3s;',
    ].join('\n');
    values.LISTEN = '    listen 8080;';
    proxy = (/** @type {string} */ s) => `set $fm_upstream http://${s}:${ports[s]}; proxy_pass $fm_upstream;`;
  }

  // A body over the service's own limit (BODY_LIMIT, 100kb) is refused here with the 413
  // envelope: sent on, the service answers before reading it and closes, nginx meets a broken
  // pipe and the client got a 503 (found by the resilience suite). A location the registry
  // lists in gatewayBodyLimit takes the gateway's (the Stripe webhook takes up to 1m).
  const proxyLimited = (/** @type {string} */ s, /** @type {boolean} */ gatewayLimit) =>
    gatewayLimit ? proxy(s) : `client_max_body_size ${serviceBodyLimit}; ${proxy(s)}`;
  values.API_LOCATIONS = apiLocations(registry, proxyLimited);
  const fill = (/** @type {string} */ text) =>
    text.replace(/\{\{([A-Z_]+)\}\}/g, (whole, key) => {
      // The media paths (/media/worksheets/, the Premium media gate) go to the registry's media service.
      if (key === 'PROXY_MEDIA') return proxyLimited(/** @type {string} */ (media[0]), false);
      if (key === 'CSP') return contentSecurityPolicy(env);
      if (!(key in values)) throw new Error(`no value for ${whole}`);
      return values[key];
    });

  const dir = __dirname;
  return {
    'nginx.conf': fill(fs.readFileSync(path.join(dir, 'nginx.conf.template'), 'utf8')),
    'fm-security-headers.conf': fill(fs.readFileSync(path.join(dir, 'fm-security-headers.conf.template'), 'utf8')),
    'fm-proxy.conf': fs.readFileSync(path.join(dir, 'fm-proxy.conf'), 'utf8'),
    'fm-api-not-found.conf': fs.readFileSync(path.join(dir, 'fm-api-not-found.conf'), 'utf8'),
  };
}

function main() {
  const { values: args } = parseArgs({
    options: {
      mode: { type: 'string' },
      out: { type: 'string' },
      root: { type: 'string' },
      media: { type: 'string' },
      prefix: { type: 'string' },
      registry: { type: 'string' },
    },
  });
  const mode = args.mode;
  if (mode !== 'local' && mode !== 'compose') throw new Error('--mode must be local or compose');
  if (!args.out) throw new Error('--out DIR is required');
  const repo = path.resolve(__dirname, '..');
  const out = path.resolve(args.out);
  const defaults =
    mode === 'local'
      ? {
          root: path.join(repo, 'frontend/dist'),
          media: path.join(repo, 'media/generated'),
          prefix: path.resolve(out, '..'),
        }
      : { root: '/usr/share/nginx/html', media: '/usr/share/nginx/media', prefix: '/etc/nginx' };
  const files = render({
    mode,
    root: path.resolve(args.root ?? defaults.root),
    media: path.resolve(args.media ?? defaults.media),
    prefix: path.resolve(args.prefix ?? defaults.prefix),
    env: process.env,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    ipv6: fs.existsSync('/proc/net/if_inet6'),
    registry: args.registry ? readRegistry(path.resolve(args.registry)) : undefined,
  });
  fs.mkdirSync(out, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(out, name), text);
  if (mode === 'local') {
    for (const d of ['logs', 'tmp'])
      fs.mkdirSync(path.join(path.resolve(args.prefix ?? defaults.prefix), d), { recursive: true });
  }
  console.log(`gateway: rendered ${mode} config into ${path.relative(process.cwd(), out) || '.'}`);
}

if (require.main === module) {
  try {
    main();
  } catch (err) {
    console.error(`gateway/render.js: ${/** @type {Error} */ (err).message}`);
    process.exit(1);
  }
}

module.exports = { render, contentSecurityPolicy, readRegistry, REGISTRY_PATH };
