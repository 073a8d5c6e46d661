/**
 * What contact's mail-worker test files set up alike: an SMTP sink on a free port, test deps (an
 * isolated database and Redis prefix) whose SMTP_URL is that sink, contact composed on them and
 * its notifications worker started. Call it at the top of a test file with the file's own
 * environment: it registers the file's beforeAll and afterAll (worker, deps, sink closed), and its
 * getters give what they built once beforeAll has run.
 */
import { closeBackground } from '@fm/shared/service';
import { createTestDeps, type TestDeps } from '@fm/shared/testing';
import { type SmtpSink, startSmtpSink } from '@fm/smtp-sink';
import { compose } from '../src/compose';
import { type Config, configSchema } from '../src/config';

export interface MailWorker {
  readonly sink: SmtpSink;
  readonly deps: TestDeps<Config>;
  readonly service: ReturnType<typeof compose>;
}

export function mailWorkerHarness(env: Record<string, string> = {}): MailWorker {
  let built: { sink: SmtpSink; deps: TestDeps<Config>; service: ReturnType<typeof compose> } | undefined;
  const get = () => {
    if (!built) throw new Error('mailWorkerHarness: used before its beforeAll ran');
    return built;
  };

  beforeAll(async () => {
    const sink = await startSmtpSink({ smtpPort: 0, httpPort: false });
    const deps = await createTestDeps(configSchema, { SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`, ...env });
    const service = compose(deps);
    built = { sink, deps, service };
    await service.background.notifications.start();
  });

  afterAll(async () => {
    if (!built) return;
    await closeBackground(built.service.background);
    await built.deps.close();
    await built.sink.close();
  });

  return {
    get sink() {
      return get().sink;
    },
    get deps() {
      return get().deps;
    },
    get service() {
      return get().service;
    },
  };
}
