/**
 * What practice's integration test files set up alike: test deps (an isolated database and Redis
 * prefix), content's built server on them over the fixed catalogue (content-catalogue.ts), and
 * practice composed on them, on a clock the tests move when they ask for one. Call it at the top
 * of a test file: it registers the file's beforeAll and afterAll, and its getters give what they
 * built once beforeAll has run, and `member` signs a member in with requests to practice's API.
 */
import { heartbeatAnswerSchema, type HeartbeatAnswer, practiceStatsSchema } from '@fm/contracts';
import { USERS_COLLECTION } from '@fm/shared/auth';
import { closeBackground } from '@fm/shared/service';
import {
  createTestDeps,
  loggedInMember,
  TEST_SITE_ORIGIN,
  type ServiceProcess,
  type TestDeps,
  type TestUser,
} from '@fm/shared/testing';
import request from 'supertest';
import { compose } from '../src/compose';
import { type Config, configSchema } from '../src/config';
import { startContent } from './content-catalogue';

export type PracticeService = ReturnType<typeof compose>;
export type PracticeApp = ReturnType<PracticeService['app']['callback']>;

/** The service's clock: the tests read it, set it and move it. */
export class TestClock {
  constructor(
    /** The instant, in ms since the epoch. */
    public ms: number,
  ) {}

  /** The instant as the service reads it. */
  readonly now = (): Date => new Date(this.ms);

  /** Moves the clock on by `sec` seconds. */
  readonly advance = (sec: number): void => {
    this.ms += sec * 1000;
  };

  /** Sets the clock to an ISO instant. */
  readonly set = (iso: string): void => {
    this.ms = Date.parse(iso);
  };
}

export interface PracticeHarnessOptions {
  /** Where the service's clock starts (an ISO instant); without it the service runs on the real clock. */
  now?: string;
  /** Runs in beforeAll once the service is composed (e.g. start a consumer, open a producer). */
  started?: (harness: PracticeHarness) => Promise<void>;
  /** Runs first in afterAll, before the service, content and deps are closed. */
  closing?: () => Promise<void>;
}

/** A signed-in member and requests to `/api/practice` as them. */
export interface PracticeMember {
  user: TestUser;
  cookie: string;
  post(path: string, body: unknown): request.Test;
  get(path: string): request.Test;
  patch(path: string, body: unknown): request.Test;
  /** Their total minutes, as `/stats` gives them. */
  totalMinutes(): Promise<number>;
  /**
   * A beat of the player's session on a member section item (`itemKind` content, at `playedSec`
   * unless `extra` says otherwise), expected 200: its answer.
   */
  beat(itemId: string, sessionId: string, playedSec: number, extra?: Record<string, unknown>): Promise<HeartbeatAnswer>;
}

export interface PracticeHarness {
  readonly deps: TestDeps<Config>;
  /** Content's built server (a test may stop and start it again). */
  readonly content: ServiceProcess;
  readonly service: PracticeService;
  /** The service's app as a request listener, for supertest. */
  readonly app: PracticeApp;
  /** The service's clock; only with the `now` option. */
  readonly clock: TestClock;
  /**
   * Signs in a new member of `level` whose account was created `createdSecAgo` seconds before the
   * clock's instant (days before it never count); only with the `now` option.
   */
  member(level?: 'free' | 'premium', options?: { createdSecAgo?: number }): Promise<PracticeMember>;
}

export function practiceHarness(options: PracticeHarnessOptions = {}): PracticeHarness {
  const clock = options.now === undefined ? undefined : new TestClock(Date.parse(options.now));
  let deps: TestDeps<Config> | undefined;
  let content: ServiceProcess | undefined;
  let service: PracticeService | undefined;
  let app: PracticeApp | undefined;

  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`practiceHarness: no ${name} (beforeAll has not run, or failed)`);
    return value;
  };

  const harness: PracticeHarness = {
    get deps() {
      return started(deps, 'deps');
    },
    get content() {
      return started(content, 'content');
    },
    get service() {
      return started(service, 'service');
    },
    get app() {
      return started(app, 'app');
    },
    get clock() {
      if (!clock) throw new Error('practiceHarness: no clock (pass the `now` option)');
      return clock;
    },
    async member(level = 'premium', { createdSecAgo = 0 } = {}) {
      const { deps, app, clock } = harness;
      const { user, cookie } = await loggedInMember(deps, { membershipLevel: level });
      await deps.mongo
        .collection(USERS_COLLECTION)
        .updateOne({ _id: user.id as never }, { $set: { createdAt: new Date(clock.ms - createdSecAgo * 1000) } });
      /** A POST or PATCH from the site, as the member. */
      const send = (method: 'post' | 'patch', path: string, body: unknown) => {
        const req = request(app)[method](`/api/practice${path}`);
        return req
          .set('Cookie', cookie)
          .set('Origin', TEST_SITE_ORIGIN)
          .send(body as object);
      };
      const get = (path: string) => request(app).get(`/api/practice${path}`).set('Cookie', cookie);
      return {
        user,
        cookie,
        post: (path, body) => send('post', path, body),
        get,
        patch: (path, body) => send('patch', path, body),
        totalMinutes: async () => practiceStatsSchema.parse((await get('/stats')).body).totalMinutes,
        beat: async (itemId, sessionId, playedSec, extra = {}) => {
          const res = await send('post', '/heartbeats', {
            itemId,
            itemKind: 'content',
            sessionId,
            positionSec: playedSec,
            playedSec,
            ...extra,
          });
          expect(res.status).toBe(200);
          return heartbeatAnswerSchema.parse(res.body);
        },
      };
    },
  };

  // 120 s: content's first start may build its dist (tsc -b).
  beforeAll(async () => {
    deps = await createTestDeps(configSchema);
    // Content's built server shares the test's store and Redis: the member's real session decides.
    content = await startContent(deps);
    deps.config.CONTENT_INTERNAL_URL = content.url;
    service = clock ? compose(deps, { now: clock.now }) : compose(deps);
    app = service.app.callback();
    await options.started?.(harness);
  }, 120_000);

  afterAll(async () => {
    await options.closing?.();
    if (service) await closeBackground(service.background);
    await content?.stop();
    await deps?.close();
  });

  return harness;
}
