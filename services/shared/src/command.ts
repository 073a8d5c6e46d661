import type { z } from 'zod';
import { type BaseConfig, loadConfig } from './config';
import { commandEnv } from './env-files';
import type { ServiceDeps } from './http/create-app';
import { createLogger } from './logger';
import { connectMongo } from './mongo';
import { createRedis } from './redis';
import { type Background, closeBackground } from './server';

/** Where an operator command writes: lines for a person on stdout, problems on stderr. */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

export const processIo: CommandIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** A wrong command line: its message (the usage) goes to stderr and the exit code is 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** What a service's `compose()` returns, as far as a command cares: its background parts, closed at the end. */
interface ComposedParts {
  background: Background;
}

export interface RunCommandOptions<S extends z.ZodType<Partial<BaseConfig>>, P extends ComposedParts> {
  /** Names the command in its error lines (`admin: …`) and its logger. */
  name: string;
  /** The service's schema (or the part of it the command reads). */
  configSchema: S;
  /** The command's directory (`__dirname`): run from a checkout, the repository's env files are read under the environment. */
  from: string;
  /**
   * The service's composition root (what runService and the tests call): the command's parts come
   * from it. Without it (a command that needs only the connections), the parts are none.
   */
  compose?(deps: ServiceDeps<z.infer<S> & BaseConfig>): P | Promise<P>;
  /** The command itself; answers the exit code (0 when it returns nothing). */
  run(parts: P, deps: ServiceDeps<z.infer<S> & BaseConfig>, io: CommandIo): Promise<number | void>;
  /** The logger's level: `warn` unless given (a command's output is its lines, not the service's logs). */
  logLevel?(config: z.infer<S>): string;
  io?: CommandIo;
}

/** How long closing may take: a queue whose Redis was never reachable never finishes closing. */
export const COMMAND_CLOSE_WAIT_MS = 5000;

/**
 * An operator command of a service (auth's `admin`, billing's `reconcile`, content's seed), wired
 * as the service is: the configuration read as the stack reads it (`commandEnv`: `.env.example`,
 * then `.env`, then the environment; the environment alone in an image) and checked by the
 * service's schema → MongoDB and Redis → the service's `compose()` (its background parts are
 * built, never started) → `run`. Then everything is closed (the background parts, Redis, MongoDB;
 * given up after COMMAND_CLOSE_WAIT_MS) and the process exits.
 *
 * Exit codes: what `run` answers (0 when nothing); 2 for a `UsageError`; 1 for any other error
 * (an invalid configuration, an unreachable database, a failure of the command), printed as
 * `<name>: <message>` on stderr.
 */
export async function runCommand<S extends z.ZodType<Partial<BaseConfig>>, P extends ComposedParts>(
  options: RunCommandOptions<S, P>,
): Promise<void> {
  const io = options.io ?? processIo;
  let deps: Partial<ServiceDeps<z.infer<S> & BaseConfig>> = {};
  let parts: P | undefined;
  let code: number;
  try {
    const config = loadConfig(options.configSchema, commandEnv(options.from)) as z.infer<S> & BaseConfig;
    const logger = createLogger({ name: options.name, level: options.logLevel?.(config) ?? 'warn' });
    deps = { config, logger, mongo: await connectMongo(config.MONGO_URL) };
    deps.redis = createRedis(config.REDIS_URL);
    const full = deps as ServiceDeps<z.infer<S> & BaseConfig>;
    parts = options.compose ? await options.compose(full) : ({ background: {} } as ComposedParts as P);
    code = (await options.run(parts, full, io)) ?? 0;
  } catch (err) {
    io.err(
      err instanceof UsageError ? err.message : `${options.name}: ${err instanceof Error ? err.message : String(err)}`,
    );
    code = err instanceof UsageError ? 2 : 1;
  }
  const { redis, mongo } = deps;
  const background = parts?.background ?? {};
  await within(COMMAND_CLOSE_WAIT_MS, async () => {
    await closeBackground(background).catch(() => undefined);
    redis?.disconnect();
    await mongo?.close().catch(() => undefined);
  });
  // A part that did not close (or a timer of the service's) would keep the process alive.
  process.exit(code);
}

async function within(ms: number, run: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([run(), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
