// Fairway Mind's local stack launcher (no Docker needed), run by infra/stack.sh once that has put
// .nvmrc's Node.js first on PATH. The Makefile targets call it; `infra/stack.sh help` (the
// header of infra/stack.sh) says what each command does and which knobs it reads.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOG_DIR, ROOT, RUN_DIR, env, loadConfig } from './config.ts';
import { composeCheckBin } from './gobuild.ts';
import { startInfra } from './infra.ts';
import { exitOnSignals, runCommand, stopAll } from './lifecycle.ts';
import { die, elapsed, now, say, step, warn } from './log.ts';
import { children, keepStarted, logTail, pidOf, started, stopAllKnown } from './procs.ts';
import { provision } from './provision.ts';
import { loadServices } from './registry.ts';
import { buildApp, generateMedia, startAppParts } from './app.ts';
import { cmdBench } from './bench.ts';
import { startGateway } from './gateway.ts';
import { cmdStatus } from './status.ts';
import { cmdTest, cmdTestResilience } from './test-cmd.ts';

const USAGE = "unknown command '%s' (try: run, up, test, infra, provision, stop, status, bench, compose-check)";

/** The header of infra/stack.sh, without its comment marks. */
function help(): void {
  const lines = fs.readFileSync(path.join(ROOT, 'infra/stack.sh'), 'utf8').split('\n').slice(1);
  const end = lines.findIndex((l) => l.startsWith('set '));
  for (const l of lines.slice(0, end)) if (l.startsWith('#')) say(l.replace(/^# ?/, ''));
}

async function bringUp(services: ReturnType<typeof loadServices>): Promise<void> {
  provision(false);
  await startInfra();
  await buildApp(services);
  await startAppParts(services);
  await startGateway(services);
}

/** make run: everything, in the foreground until Ctrl-C (or until a process it started exits). */
async function cmdRun(services: ReturnType<typeof loadServices>): Promise<number> {
  // Ctrl-C is how a run ends: a clean stop, not a failure.
  exitOnSignals({ SIGINT: 0, SIGTERM: 143 });
  const t = now();
  await bringUp(services);
  const port = env('GATEWAY_PORT');
  say('');
  say(`Fairway Mind is up on http://localhost:${port} (ready in ${elapsed(t)} s)`);
  say(
    `Mail sink: http://127.0.0.1:${env('SMTP_SINK_HTTP_PORT', '1080')}/messages   logs: .data/log/, .data/nginx/logs/`,
  );
  say('Press Ctrl-C to stop.');
  const keepAlive = setInterval(() => {}, 1 << 30);
  // Returns when a process this run started exits (or on Ctrl-C, through the signal handler).
  const code = await new Promise<number>((resolve) => {
    for (const child of children.values()) child.once('exit', (c, sig) => resolve(c ?? (sig ? 128 : 1)));
  });
  clearInterval(keepAlive);
  for (const name of started) {
    if (pidOf(name) === null) {
      warn(`${name} stopped unexpectedly (exit ${code}); last lines of .data/log/${name}.log:`);
      logTail(name, 20);
    }
  }
  return 1;
}

async function main(cmd: string): Promise<number> {
  if (cmd === 'help' || cmd === '-h' || cmd === '--help') return (help(), 0);
  fs.mkdirSync(RUN_DIR, { recursive: true });
  fs.mkdirSync(LOG_DIR, { recursive: true });
  loadConfig();
  const services = loadServices();
  let code = 0;
  const set = (c: number): void => void (code = c);
  const commands: Record<string, [() => Promise<void>, boolean]> = {
    run: [async () => set(await cmdRun(services)), true],
    up: [
      async () => {
        await bringUp(services);
        keepStarted(); // leave everything running
        say('');
        say(`Fairway Mind is up on http://localhost:${env('GATEWAY_PORT')} (stop with: make stop)`);
      },
      true,
    ],
    test: [async () => set(await cmdTest(services)), true],
    'test-resilience': [async () => set(await cmdTestResilience(services)), true],
    infra: [
      async () => {
        provision(false);
        await startInfra();
        keepStarted();
      },
      true,
    ],
    provision: [async () => provision(env('FM_BROWSER', '0') === '1'), false],
    build: [
      async () => {
        provision(false);
        await buildApp(services);
      },
      false,
    ],
    'compose-check': [
      async () => {
        const bin = await composeCheckBin();
        set(spawnSync(bin, ['--project-dir', ROOT], { stdio: 'inherit' }).status ?? 1);
      },
      false,
    ],
    media: [generateMedia, false],
    stop: [
      async () => {
        step('Stopping launcher processes');
        await stopAllKnown(services.map((s) => s.name));
      },
      false,
    ],
    status: [() => cmdStatus(services), false],
    bench: [async () => set(await cmdBench(services)), true],
  };
  const command = commands[cmd];
  const failed = await runCommand(
    command ? command[0] : async () => die(USAGE.replace('%s', cmd)),
    command?.[1] ?? false,
  );
  if (command?.[1]) await stopAll();
  return failed || code;
}

process.exitCode = await main(process.argv[2] ?? 'help');
process.exit();
