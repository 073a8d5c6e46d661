'use strict';
// Runs a piece of the launcher (infra/cli/*.ts, an ES module Node runs as it is) in a child
// process with its own environment: `code` is the body of an async module that may use
// `cli(name)` (the module infra/cli/<name>.ts) and writes what the test checks to stdout.

const { spawn } = require('node:child_process');
const path = require('node:path');

const CLI = path.join(__dirname, '..', 'cli');

/**
 * @param {string} code
 * @param {Record<string, string | undefined>} env the child's whole environment (PATH and HOME are added)
 * @returns {Promise<{ code: number | null, out: string, err: string }>}
 */
function launcherChild(code, env = {}) {
  const prelude = `const cli = (name) => import(${JSON.stringify(`${CLI}/`)} + name + '.ts');\n`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', `${prelude}${code}`], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  return new Promise((resolve) => child.on('close', (status) => resolve({ code: status, out, err })));
}

module.exports = { launcherChild, CLI };
