// A lock held while the launcher runs (flock(1) on a file): a child that holds it until the
// launcher's end closes its stdin, so a killed launcher frees it too.
import { spawn } from 'node:child_process';
import { say } from './log.ts';

const HOLDER =
  "process.stdout.write('locked\\n'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));";

function hold(file: string, wait: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const args = [...(wait ? [] : ['-n']), file, process.execPath, '-e', HOLDER];
    const child = spawn('flock', args, { stdio: ['pipe', 'pipe', 'ignore'] });
    child.stdout.once('data', () => {
      child.unref();
      child.stdout.destroy();
      (child.stdin as unknown as { unref?: () => void }).unref?.();
      resolve(true);
    });
    child.on('exit', () => resolve(false));
    child.on('error', () => resolve(false));
  });
}

/** Takes the lock on `file`, saying `busy` and waiting while another launcher holds it. */
export async function takeLock(file: string, busy: string): Promise<void> {
  if (await hold(file, false)) return;
  say(busy);
  await hold(file, true);
}
