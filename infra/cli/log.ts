// The launcher's output: the same lines the bash launcher printed (steps, ok, warnings, the
// error that ends a command), and the failure that ends a command as an exception.

/** Thrown by die(): main prints "ERROR: <message>" and exits with `code`. */
export class Fatal extends Error {
  code: number;
  constructor(message: string, code = 1) {
    super(message);
    this.code = code;
  }
}

export const say = (line = ''): void => void process.stdout.write(`${line}\n`);
export const step = (what: string): void => say(`\n==> ${what}`);
export const ok = (what: string): void => say(`    ok  ${what}`);
export const warn = (what: string): void => void process.stderr.write(`    !!  ${what}\n`);
export function die(message: string): never {
  throw new Fatal(message);
}

/** A start time for elapsed(). */
export const now = (): number => performance.now();
/** Seconds since `start` (from now()), one decimal. */
export const elapsed = (start: number): string => ((performance.now() - start) / 1000).toFixed(1);

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
