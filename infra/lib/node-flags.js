#!/usr/bin/env node
'use strict';
// The Node/V8 flags of each service's process (issue 44 §2), from the service registry
// (services/contracts/src/registry.json, `nodeFlags`). They go on the `node` command line, before the script: Node refuses most V8 flags
// in NODE_OPTIONS (`--no-concurrent-recompilation is not allowed in NODE_OPTIONS`). Read by the
// launcher (infra/cli/registry.ts), the service image's build (infra/docker/
// service.Dockerfile writes /app/node-flags, its CMD puts them on the command line) and the
// benches (infra/bench/service-memory.js, library-floor.js).
//
//   node infra/lib/node-flags.js [--registry <file>]             every service: "<name> <flag> ...", one a line
//   node infra/lib/node-flags.js [--registry <file>] <service>   that service's flags, on one line

const path = require('node:path');

const REGISTRY_PATH = path.join(__dirname, '..', '..', 'services', 'contracts', 'src', 'registry.json');

/** @param {string} name @param {any} [registry] @returns {string[]} */
function nodeFlags(name, registry = require(REGISTRY_PATH)) {
  const service = registry.services.find((/** @type {{ name: string }} */ s) => s.name === name);
  if (!service) throw new Error(`no service ${name} in the registry`);
  return [...registry.nodeFlags];
}

module.exports = { nodeFlags, REGISTRY_PATH };

if (require.main === module) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--registry');
  const registry = require(at === -1 ? REGISTRY_PATH : path.resolve(args.splice(at, 2)[1]));
  const [name] = args;
  const lines = name
    ? [nodeFlags(name, registry).join(' ')]
    : registry.services.map((/** @type {{ name: string }} */ s) => [s.name, ...nodeFlags(s.name, registry)].join(' '));
  process.stdout.write(`${lines.join('\n')}\n`);
}
