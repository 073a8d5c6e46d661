#!/usr/bin/env node
'use strict';
/* eslint-disable no-console -- a command-line tool: the console is its output */
// One Node.js for the whole repository. .nvmrc holds the version (the launcher runs it:
// infra/stack.sh, the bootstrap); everything else that names a Node.js must agree with it:
//   - package.json engines.node and devEngines.runtime.version: ">=<.nvmrc>";
//   - @types/node (package.json's range and the version package-lock.json installs): its major;
//   - every node:<tag> image in the Dockerfiles, the compose files and the Kubernetes manifests
//     (testdata included): its major (a tag with a minor or patch: not older than .nvmrc), and no
//     Alpine nodejs package (its version follows the Alpine release).
// Prints one line per disagreement, naming the file; exits 1 then. Part of the static suite
// (infra/test/static-checks.js).
//
//   node infra/test/node-pin.js [ROOT]

const fs = require('node:fs');
const path = require('node:path');

/** Where images are named: directories walked for Dockerfiles and YAML, and the root's compose files. */
const IMAGE_DIRS = ['infra/docker', 'infra/compose-check/testdata', 'infra/k8s'];
const IMAGE_FILE = /(Dockerfile|\.ya?ml)$/;
const COMPOSE_FILE = /^docker-compose.*\.ya?ml$/;
// node:<tag> as an image reference (FROM, ARG …=, COPY --from=, image:), with or without a registry path.
const NODE_IMAGE = /(?:^|[\s"'=/])node:([0-9][\w.-]*|lts\b[\w.-]*|latest\b|current\b[\w.-]*)/gm;
const APK_NODEJS = /\bapk\s+add\b[^\n]*\bnodejs\b/;

/** [major, minor, patch] of "24.22.3" / "24-alpine" / "24.1-slim" (missing parts undefined). */
function versionParts(text) {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text);
  return m ? m.slice(1).map((p) => (p === undefined ? undefined : Number(p))) : null;
}

function atLeast(parts, pin) {
  for (let i = 0; i < 3; i++) {
    if (parts[i] === undefined) return true;
    if (parts[i] !== pin[i]) return parts[i] > pin[i];
  }
  return true;
}

function filesUnder(root, rel) {
  const dir = path.join(root, rel);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && IMAGE_FILE.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

function readJson(root, rel, problems) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8'));
  } catch (err) {
    problems.push(`${rel}: cannot be read (${err.message})`);
    return null;
  }
}

/** The disagreements with .nvmrc under ROOT, one message each, naming the file. */
function nodePinProblems(root) {
  const problems = [];
  let pinText;
  try {
    pinText = fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
  } catch {
    return ['.nvmrc: missing (it holds the one pinned Node.js version)'];
  }
  if (!/^\d+\.\d+\.\d+$/.test(pinText)) return [`.nvmrc: "${pinText}" is not a Node.js version (x.y.z)`];
  const pin = versionParts(pinText);
  const range = `>=${pinText}`;

  const pkg = readJson(root, 'package.json', problems);
  if (pkg) {
    if (pkg.engines?.node !== range) {
      problems.push(`package.json: engines.node is ${JSON.stringify(pkg.engines?.node)}, .nvmrc says "${range}"`);
    }
    const runtime = pkg.devEngines?.runtime;
    if (runtime?.name !== 'node' || runtime.version !== range) {
      problems.push(`package.json: devEngines.runtime is ${JSON.stringify(runtime)}, .nvmrc says node "${range}"`);
    }
    const types = pkg.devDependencies?.['@types/node'] ?? pkg.dependencies?.['@types/node'];
    const typesMajor = versionParts(String(types ?? '').replace(/^[\^~=]/, ''))?.[0];
    if (typesMajor !== pin[0]) {
      problems.push(`package.json: @types/node is ${JSON.stringify(types)}, not major ${pin[0]} (.nvmrc)`);
    }
  }
  const lock = readJson(root, 'package-lock.json', problems);
  if (lock) {
    const locked = lock.packages?.['node_modules/@types/node']?.version;
    if (versionParts(String(locked ?? ''))?.[0] !== pin[0]) {
      problems.push(`package-lock.json: installs @types/node ${locked}, not major ${pin[0]} (.nvmrc)`);
    }
  }

  const compose = fs.readdirSync(root).filter((name) => COMPOSE_FILE.test(name));
  for (const rel of [...IMAGE_DIRS.flatMap((dir) => filesUnder(root, dir)), ...compose]) {
    const text = fs.readFileSync(path.join(root, rel), 'utf8');
    for (const [, tag] of text.matchAll(NODE_IMAGE)) {
      const parts = versionParts(tag);
      if (!parts) problems.push(`${rel}: image node:${tag} does not name Node.js ${pin[0]} (.nvmrc: ${pinText})`);
      else if (parts[0] !== pin[0] || !atLeast(parts, pin)) {
        problems.push(`${rel}: image node:${tag} is not Node.js ${pin[0]} from ${pinText} on (.nvmrc)`);
      }
    }
    if (/Dockerfile$/.test(rel) && APK_NODEJS.test(text)) {
      problems.push(
        `${rel}: apk add nodejs (Alpine's version, not .nvmrc's ${pinText}): copy node from node:${pin[0]}-alpine`,
      );
    }
  }
  return problems;
}

module.exports = { nodePinProblems };

if (require.main === module) {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..'));
  const problems = nodePinProblems(root);
  for (const p of problems) console.log(`✖ ${p}`);
  if (problems.length === 0)
    console.log('✔ Node.js: .nvmrc, engines, devEngines, @types/node and the node images agree');
  process.exit(problems.length ? 1 : 0);
}
