// Where the launcher keeps things (.data/: pids, logs, data, test reports; the cache of Go
// binaries and Node.js builds) and its configuration: .env.example, then .env, then the
// environment (which wins), read by the repository's one env reader, into process.env so that
// every process the launcher starts inherits it.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { die } from './log.ts';

const require = createRequire(import.meta.url);

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// FM_DATA_DIR: the launcher's tests keep a Redis they start apart from the checkout's .data.
export const DATA_DIR = process.env.FM_DATA_DIR || path.join(ROOT, '.data');
export const RUN_DIR = path.join(DATA_DIR, 'run');
export const LOG_DIR = path.join(DATA_DIR, 'log');
export const CACHE_DIR =
  process.env.FM_CACHE_DIR ||
  path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'fairway-mind');
export const BIN_CACHE = path.join(CACHE_DIR, 'bin');

/** A variable of the configuration (after loadConfig), or `fallback` when unset or empty. */
export const env = (name: string, fallback = ''): string => process.env[name] || fallback;

/** .env.example, then .env, then the environment: the variables it does not set go into process.env. */
export function loadConfig(root = ROOT): void {
  const reader = require(path.join(ROOT, 'services/shared/src/env-files.js')) as {
    readEnvFiles: (root: string) => Record<string, string>;
  };
  let vars: Record<string, string>;
  try {
    vars = reader.readEnvFiles(root);
  } catch {
    die(`could not read ${root}/.env.example or ${root}/.env`);
  }
  for (const [name, value] of Object.entries(vars)) if (process.env[name] === undefined) process.env[name] = value;
  process.env.GOTOOLCHAIN = 'local';
}

/** The first host of a URL (IPv6 brackets off, user info off). */
export function urlHost(url: string): string {
  let rest = url.includes('://') ? url.slice(url.indexOf('://') + 3) : url;
  rest = rest.slice(rest.indexOf('@') + 1);
  rest = rest.split(/[/?,]/)[0] ?? '';
  if (rest.startsWith('[')) return rest.slice(1).split(']')[0] ?? '';
  return rest.split(':')[0] ?? '';
}

/** The first port of a URL, or `fallback` when it names none. */
export function urlPort(url: string, fallback: number): number {
  let rest = url.includes('://') ? url.slice(url.indexOf('://') + 3) : url;
  rest = rest.slice(rest.indexOf('@') + 1);
  rest = (rest.split(/[/?,]/)[0] ?? '').replace(/^.*\]/, '');
  return rest.includes(':') ? Number(rest.slice(rest.lastIndexOf(':') + 1)) : fallback;
}

export { isLoopbackHost as isLoopback } from './decisions.ts';
