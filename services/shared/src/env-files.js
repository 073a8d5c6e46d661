'use strict';
/*
 * The one reader of the env files (.env.example, then .env, at the repository root): Node's
 * util.parseEnv, which reads values and never evaluates them (no `$(…)`, backticks or `$VAR`
 * expansion; quotes '…', "…" and `…` are removed, "…" turns \n into a newline, a `#` after an
 * unquoted value starts a comment). Plain CommonJS, so the launcher runs it before anything is
 * built; the kit re-exports it for the services' commands, e2e and resilience require it.
 *
 *   node services/shared/src/env-files.js --shell ROOT
 * prints `export NAME=<value quoted for bash>` for every variable of ROOT/.env.example and
 * ROOT/.env that the environment does not set already (the environment wins), for `eval`.
 */
const fs = require('node:fs');
const path = require('node:path');
const { parseEnv } = require('node:util');

/**
 * The variables of one env file (an empty object when it does not exist).
 * @param {string} file
 * @returns {Record<string, string>}
 */
function readEnvFile(file) {
  if (!fs.existsSync(file)) return {};
  return /** @type {Record<string, string>} */ (parseEnv(fs.readFileSync(file, 'utf8')));
}

/**
 * `.env.example`, then `.env` of `root` (a later file wins), without the environment.
 * @param {string} root
 * @returns {Record<string, string>}
 */
function readEnvFiles(root) {
  return { ...readEnvFile(path.join(root, '.env.example')), ...readEnvFile(path.join(root, '.env')) };
}

/**
 * The configuration as the stack reads it: `.env.example` < `.env` < `env` (an empty variable of
 * the environment counts as set, as it does for the launcher).
 * @param {string} root
 * @param {Record<string, string | undefined>} [env]
 * @returns {Record<string, string>}
 */
function readConfig(root, env = process.env) {
  /** @type {Record<string, string>} */
  const out = readEnvFiles(root);
  for (const [name, value] of Object.entries(env)) if (value !== undefined) out[name] = value;
  return out;
}

/**
 * The repository root: the nearest folder at or above `from` holding `.env.example`.
 * @param {string} from
 * @returns {string | undefined}
 */
function repositoryRoot(from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.env.example'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * An operator command's environment (the admin command, billing's reconcile): the repository's
 * env files under the environment when the command runs from a checkout, the environment alone
 * in an image (no `.env.example` above `from`).
 * @param {string} from
 * @returns {Record<string, string | undefined>}
 */
function commandEnv(from) {
  const root = repositoryRoot(from);
  return root ? readConfig(root) : { ...process.env };
}

/**
 * A value quoted for bash: single quotes, each ' written as '\'' (nothing inside is expanded).
 * @param {string} value
 */
function shellQuote(value) {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * `export NAME='value'` lines for the variables of the env files the environment does not set.
 * @param {string} root
 * @param {Record<string, string | undefined>} [env]
 * @returns {string}
 */
function shellExports(root, env = process.env) {
  const lines = [];
  for (const [name, value] of Object.entries(readEnvFiles(root))) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`${name}: not a variable name`);
    if (env[name] === undefined) lines.push(`export ${name}=${shellQuote(value)}`);
  }
  return lines.join('\n') + (lines.length ? '\n' : '');
}

module.exports = { readEnvFile, readEnvFiles, readConfig, repositoryRoot, commandEnv, shellQuote, shellExports };

if (require.main === module) {
  const [flag, root] = process.argv.slice(2);
  if (flag !== '--shell' || !root) {
    process.stderr.write('usage: node env-files.js --shell ROOT\n');
    process.exit(2);
  }
  try {
    process.stdout.write(shellExports(root));
  } catch (err) {
    process.stderr.write(`env files of ${root}: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
