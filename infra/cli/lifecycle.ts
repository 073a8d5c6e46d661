// How a command ends: what it started is stopped (newest first) when it fails, is interrupted or
// ends (unless it leaves things running: up, infra), once.
import { Fatal, step } from './log.ts';
import { started, stopStarted } from './procs.ts';

let stopping: Promise<void> | null = null;
const beforeStop: (() => void)[] = [];

/** Runs `fn` before what this command started is stopped (the test lanes). */
export const onStop = (fn: () => void): void => void beforeStop.push(fn);

/** Stops what this command started (once), after the onStop hooks. */
export function stopAll(): Promise<void> {
  stopping ??= (async () => {
    for (const fn of beforeStop) fn();
    if (started.length > 0) {
      step('Stopping what this run started');
      await stopStarted();
    }
  })();
  return stopping;
}

/** A signal ends the command with `codes[signal]` after stopping what it started. */
export function exitOnSignals(codes: Partial<Record<'SIGINT' | 'SIGTERM', number>>): void {
  for (const [sig, code] of Object.entries(codes)) {
    process.on(sig, () => {
      void stopAll().then(() => process.exit(code));
    });
  }
}

/** Runs a command: its error printed as the launcher's ERROR line, what it started stopped. */
export async function runCommand(fn: () => Promise<void>, cleanUp: boolean): Promise<number> {
  let code = 0;
  try {
    await fn();
  } catch (err) {
    if (err instanceof Fatal) {
      process.stderr.write(`\nERROR: ${err.message}\n`);
      code = err.code;
    } else {
      process.stderr.write(`\nERROR: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      code = 1;
    }
  }
  if (cleanUp) await stopAll();
  return code;
}
