/**
 * The monthly newsletter end to end on the real stores and an SMTP sink: auth as its built server
 * (a child process: contact's send job asks its internal audience route) and contact composed
 * here, on one database and Redis prefix. Members choose the newsletter at sign-up or on their account; the
 * founder writes, previews and sends; a worker killed mid-send and a second replica still give
 * each subscriber exactly one mail; the one-click link (no cookie, no Origin) keeps the next one
 * away.
 */
import { adminNewsletterListSchema } from '@fm/contracts';
import { memberSnapshots } from '@fm/shared/auth';
import { signMailListToken } from '@fm/shared/mail';
import { closeBackground } from '@fm/shared/service';
import { createInbox } from '@fm/shared/store';
import {
  createTestDeps,
  eventually,
  freePort,
  loggedInAdmin,
  loggedInMember,
  serviceProcess,
  type ServiceProcess,
  type TestDeps,
} from '@fm/shared/testing';
import { type Message, type SmtpSink, startSmtpSink } from '@fm/smtp-sink';
import request from 'supertest';
import { compose } from './compose';
import { configSchema, type Config } from './config';
import type { Mailer } from './domain/mailer';
import { INBOX_COLLECTION, NotificationService } from './domain/notification.service';
import { startNewsletterWorkers } from './workers/newsletter.worker';

jest.setTimeout(90_000);

/** Short enough for a test: a dead worker's job and its mail's claim are taken over within seconds. */
const TIMING = { mailLeaseMs: 4000, lockDuration: 4000, stalledInterval: 2000 };

let sink: SmtpSink;
let auth: ServiceProcess;
/** Two replicas of contact (both with the sink), and the one whose worker is killed. */
let deps: TestDeps<Config>;
let contact: ReturnType<typeof compose>;
let replicaDeps: TestDeps<Config>;
let replica: ReturnType<typeof compose>;
let doomedDeps: TestDeps<Config>;
let doomed: ReturnType<typeof compose>;

beforeAll(async () => {
  sink = await startSmtpSink({ smtpPort: 0, httpPort: false });
  const authPort = await freePort();
  deps = await createTestDeps(configSchema, {
    AUTH_INTERNAL_URL: `http://127.0.0.1:${authPort}`,
    SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
    FOUNDER_EMAIL: 'founder@newsletter.test',
    SUPPORT_EMAIL: 'help@newsletter.test',
  });
  auth = await serviceProcess('auth', deps.env, { BCRYPT_ROUNDS: '4', AUTH_SIGNUPS_PER_HOUR: '1000' }, authPort);
  await auth.start();
  const shared = {
    TEST_DB_NAME: deps.env.TEST_DB_NAME!,
    REDIS_PREFIX: deps.env.REDIS_PREFIX!,
    AUTH_INTERNAL_URL: deps.env.AUTH_INTERNAL_URL!,
    SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
    FOUNDER_EMAIL: 'founder@newsletter.test',
    SUPPORT_EMAIL: 'help@newsletter.test',
  };
  replicaDeps = await createTestDeps(configSchema, shared);
  doomedDeps = await createTestDeps(configSchema, shared);
  contact = compose(deps, { newsletterTiming: TIMING });
  replica = compose(replicaDeps, { newsletterTiming: TIMING });
  doomed = compose(doomedDeps, { newsletterTiming: TIMING });
}, 120_000);

afterAll(async () => {
  for (const service of [contact, replica, doomed]) if (service) await closeBackground(service.background);
  await auth?.stop();
  for (const d of [doomedDeps, replicaDeps, deps]) await d?.close();
  await sink?.close();
});

const authApp = () => auth.url;
const contactApp = () => contact.app.callback();
const mailsTo = (address: string) => sink.messages().filter((m: Message) => m.to.includes(address));
const cookieOf = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.startsWith('fm.sid'))
    .join('; ');

let seq = 0;
/** Signs up through auth; `verified`: as if they had opened their verification link. */
async function member(options: { newsletter?: boolean; verified: boolean }) {
  seq += 1;
  const email = `golfer-${seq}-${Date.now()}@newsletter.test`;
  const body: Record<string, unknown> = { email, password: 'secret123', firstName: `Golfer${seq}` };
  if (options.newsletter !== undefined) body.newsletter = options.newsletter;
  const res = await request(authApp()).post('/api/auth/signup').send(body);
  expect(res.status).toBe(201);
  if (options.verified) {
    await deps.mongo.collection('users').updateOne({ email }, { $set: { emailVerified: true } });
    await memberSnapshots(deps.redis, deps.config.REDIS_PREFIX, deps.mongo).refresh(res.body.user.id);
  }
  return { id: res.body.user.id as string, email, cookie: cookieOf(res), signup: res.body.user };
}

/** The member turns the newsletter off on their account page. */
const switchOff = (cookie: string) =>
  request(authApp()).patch('/api/auth/user').set('Cookie', cookie).send({ newsletter: false }).expect(200);
/** The member deletes their account (password confirmed). */
const deleteAccount = (cookie: string) =>
  request(authApp()).delete('/api/auth/user').set('Cookie', cookie).send({ password: 'secret123' }).expect(204);

async function statusOf(cookie: string, id: string) {
  const res = await request(contactApp()).get(`/api/admin/newsletters/${id}`).set('Cookie', cookie);
  expect(res.status).toBe(200);
  return res.body;
}

describe('the monthly newsletter', () => {
  it('when a member signs up, then the newsletter is off unless they tick it, and they change it on their account (true or false only)', async () => {
    const plain = await member({ verified: false });
    expect(plain.signup.newsletter).toBe(false);
    const keen = await member({ newsletter: true, verified: false });
    expect(keen.signup.newsletter).toBe(true);
    const refused = await request(authApp())
      .post('/api/auth/signup')
      .send({ email: 'yes@newsletter.test', password: 'secret123', newsletter: 'yes' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({ newsletter: 'newsletter must be true or false' });

    const on = await request(authApp()).patch('/api/auth/user').set('Cookie', plain.cookie).send({ newsletter: true });
    expect(on.status).toBe(200);
    expect(on.body.newsletter).toBe(true);
    const me = await request(authApp()).get('/api/auth/user').set('Cookie', plain.cookie);
    expect(me.body).toMatchObject({ newsletter: true, firstName: plain.signup.firstName });
    const bad = await request(authApp()).patch('/api/auth/user').set('Cookie', plain.cookie).send({ newsletter: 1 });
    expect(bad.status).toBe(400);
    const off = await request(authApp())
      .patch('/api/auth/user')
      .set('Cookie', plain.cookie)
      .send({ newsletter: false });
    expect(off.body.newsletter).toBe(false);
    expect((await request(authApp()).get('/api/auth/user').set('Cookie', plain.cookie)).body.newsletter).toBe(false);
    // Neither is verified: nobody in the audience yet.
    await deps.mongo.collection('users').deleteMany({ _id: { $in: [plain.id, keen.id] } as never });
  });

  it('when the founder sends to 3 subscribers while a worker dies mid-send and two replicas run, then each gets exactly one mail with one-click unsubscribe; the unverified and opted-out get none; sending again is 409', async () => {
    const { cookie } = await loggedInAdmin(deps);
    const subscribers = [
      await member({ newsletter: true, verified: true }),
      await member({ newsletter: true, verified: true }),
      await member({ newsletter: true, verified: true }),
    ];
    const unverified = await member({ newsletter: true, verified: false });
    const optedOut = await member({ newsletter: false, verified: true });

    const audience = await request(contactApp()).get('/api/admin/newsletters/audience').set('Cookie', cookie);
    expect(audience.body).toEqual({ subscribers: 3 });

    const markdown =
      '# Tempo\n\nBreathe **out** before the putt. <script>alert(1)</script>\n\n[Drills](https://example.com/d)';
    const created = await request(contactApp())
      .post('/api/admin/newsletters')
      .set('Cookie', cookie)
      .send({ subject: 'November: tempo', markdown });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', subject: 'November: tempo', recipients: 0, sentAt: null });
    const id = created.body.id as string;

    const preview = await request(contactApp()).get(`/api/admin/newsletters/${id}/preview`).set('Cookie', cookie);
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe('November: tempo');
    expect(preview.body.html).toContain('<h1>Tempo</h1>');
    expect(preview.body.html).toContain('<strong>out</strong>');
    expect(preview.body.html).toContain('&lt;script&gt;');
    expect(preview.body.html).not.toContain('<script>');
    expect(preview.body.html).toContain('/newsletter/unsubscribe?token=');
    expect(preview.body.text).toContain('Breathe **out** before the putt.');
    expect(preview.body.text).toMatch(
      /Unsubscribe in one click: http:\/\/localhost:8080\/newsletter\/unsubscribe\?token=/,
    );

    // The first replica's mail never leaves it: the process dies with the mails claimed.
    const hanging = { send: () => new Promise<never>(() => undefined), close: () => undefined } as unknown as Mailer;
    const doomedWorkers = startNewsletterWorkers(
      doomed.newsletters,
      new NotificationService({
        inbox: createInbox(doomedDeps.mongo, {
          collection: INBOX_COLLECTION,
          leaseMs: TIMING.mailLeaseMs,
        }),
        mailer: hanging,
        logger: doomedDeps.logger,
      }),
      {
        redisUrl: doomedDeps.config.REDIS_URL,
        redisPrefix: doomedDeps.config.REDIS_PREFIX,
        logger: doomedDeps.logger,
        ratePerMinute: 600,
        lockDuration: TIMING.lockDuration,
        stalledInterval: TIMING.stalledInterval,
      },
    );

    const sent = await request(contactApp()).post(`/api/admin/newsletters/${id}/send`).set('Cookie', cookie);
    expect(sent.status).toBe(202);
    expect(sent.body.status).toBe('sending');
    const again = await request(contactApp()).post(`/api/admin/newsletters/${id}/send`).set('Cookie', cookie);
    expect(again.status).toBe(409);
    const edit = await request(contactApp())
      .patch(`/api/admin/newsletters/${id}`)
      .set('Cookie', cookie)
      .send({ subject: 'Too late' });
    expect(edit.status).toBe(409);

    // Mid-send: every mail claimed by the doomed worker; then it is killed (no clean-up runs).
    const inbox = deps.mongo.collection(INBOX_COLLECTION);
    await eventually(
      async () => (await inbox.countDocuments({ _id: { $regex: `^mail:newsletter-${id}:` } as never })) === 3,
      20_000,
    );
    await Promise.all([doomedWorkers.sends.close(true), doomedWorkers.deliveries.close(true)]);
    expect(sink.messages().filter((m) => m.subject === 'November: tempo')).toHaveLength(0);

    // Two healthy replicas take the stalled jobs over once the dead one's claims lapse.
    await contact.background.newsletterWorkers.start();
    await replica.background.newsletterWorkers.start();
    await eventually(async () => (await statusOf(cookie, id)).status === 'sent', 60_000, 250);

    for (const s of subscribers) {
      const mails = mailsTo(s.email).filter((m) => m.subject === 'November: tempo');
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.headers['list-unsubscribe']).toMatch(
        /^<http:\/\/localhost:8080\/newsletter\/unsubscribe\?token=[^>]+>, <mailto:help@newsletter\.test\?subject=unsubscribe>$/,
      );
      expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail!.html).toContain('<h1>Tempo</h1>');
      expect(mail!.text).toContain('Unsubscribe in one click: http://localhost:8080/newsletter/unsubscribe?token=');
    }
    expect(mailsTo(unverified.email)).toEqual([]);
    expect(mailsTo(optedOut.email).filter((m) => m.subject === 'November: tempo')).toEqual([]);

    const done = await statusOf(cookie, id);
    expect(done).toMatchObject({ status: 'sent', recipients: 3, sent: 3, failed: 0, unsubscribed: 0 });
    expect(Date.parse(done.sentAt)).not.toBeNaN();
    expect((await request(contactApp()).post(`/api/admin/newsletters/${id}/send`).set('Cookie', cookie)).status).toBe(
      409,
    );

    // The one-click POST of a mail client: the link's URL, the RFC 8058 form body, no cookie, no Origin.
    const link = /<(http:\/\/localhost:8080\/newsletter\/unsubscribe\?token=[^>]+)>/.exec(
      mailsTo(subscribers[0]!.email)[0]!.headers['list-unsubscribe']!,
    )![1]!;
    const token = new URL(link).searchParams.get('token')!;
    const tampered = await request(authApp())
      .post(`/api/auth/newsletter/unsubscribe?token=${encodeURIComponent(token.slice(0, -2) + 'xx')}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(tampered.status).toBe(400);
    const left = await request(authApp())
      .post(`/api/auth/newsletter/unsubscribe?token=${encodeURIComponent(token)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ newsletter: false });
    const me = await request(authApp()).get('/api/auth/user').set('Cookie', subscribers[0]!.cookie);
    expect(me.body).toMatchObject({ newsletter: false, emailVerified: true });
    expect((await statusOf(cookie, id)).unsubscribed).toBe(1);

    // The next newsletter goes to the two who stayed, once each.
    const next = await request(contactApp())
      .post('/api/admin/newsletters')
      .set('Cookie', cookie)
      .send({ subject: 'December: routine', markdown: 'Same routine, every putt.' });
    expect((await request(contactApp()).get('/api/admin/newsletters/audience').set('Cookie', cookie)).body).toEqual({
      subscribers: 2,
    });
    await request(contactApp()).post(`/api/admin/newsletters/${next.body.id}/send`).set('Cookie', cookie).expect(202);
    await eventually(async () => (await statusOf(cookie, next.body.id)).status === 'sent', 30_000, 250);
    expect(mailsTo(subscribers[0]!.email).filter((m) => m.subject === 'December: routine')).toEqual([]);
    for (const s of subscribers.slice(1)) {
      expect(mailsTo(s.email).filter((m) => m.subject === 'December: routine')).toHaveLength(1);
    }
    expect(await statusOf(cookie, next.body.id)).toMatchObject({ recipients: 2, sent: 2, failed: 0 });

    // Newest first.
    const list = adminNewsletterListSchema.parse(
      (await request(contactApp()).get('/api/admin/newsletters').set('Cookie', cookie)).body,
    );
    expect(list.items.map((n) => n.id).slice(0, 2)).toEqual([next.body.id, id]);
    expect(list.total).toBe(list.items.length);

    // "Resubscribe" on the page undoes it: only signed in, as the member the link was mailed to
    // (consent; issue 43 §4). Signed out → 401, another member → 403, and nothing changes.
    const resubscribe = () => request(authApp()).post('/api/auth/newsletter/resubscribe');
    expect((await resubscribe().send({ token })).status).toBe(401);
    const notTheirs = await resubscribe().set('Cookie', subscribers[1]!.cookie).send({ token });
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body.code).toBe('NOT_YOUR_LINK');
    const still = await request(authApp()).get('/api/auth/user').set('Cookie', subscribers[0]!.cookie);
    expect(still.body.newsletter).toBe(false);
    const back = await resubscribe().set('Cookie', subscribers[0]!.cookie).send({ token });
    expect(back.body).toEqual({ newsletter: true });
  });

  it('when a member deletes their account mid-send, then their pending delivery is skipped (never mailed) and every delivery record forgets their address', async () => {
    await contact.background.accountEvents.start();
    await contact.background.newsletterWorkers.start();
    const { cookie } = await loggedInAdmin(deps);
    const leaving = await member({ newsletter: true, verified: true });
    const sentBefore = await request(contactApp())
      .post('/api/admin/newsletters')
      .set('Cookie', cookie)
      .send({ subject: 'Before leaving', markdown: 'Hello.' });
    await request(contactApp())
      .post(`/api/admin/newsletters/${sentBefore.body.id}/send`)
      .set('Cookie', cookie)
      .expect(202);
    await eventually(async () => (await statusOf(cookie, sentBefore.body.id)).status === 'sent', 30_000, 250);
    expect(mailsTo(leaving.email).filter((m) => m.subject === 'Before leaving')).toHaveLength(1);

    // A newsletter still sending with the member's delivery pending (its job not yet run).
    const newsletters = deps.mongo.collection('newsletters');
    const deliveries = deps.mongo.collection('newsletter_deliveries');
    const now = new Date();
    await newsletters.insertOne({
      _id: 'pending-one' as never,
      subject: 'Pending',
      markdown: 'x',
      status: 'sending',
      sendRequestedAt: now,
      fanOutCursor: null,
      fanOutDoneAt: now,
      recipients: 1,
      sentAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await deliveries.insertOne({
      _id: `pending-one:${leaving.id}` as never,
      newsletterId: 'pending-one',
      userId: leaving.id,
      email: leaving.email,
      firstName: 'Golfer',
      status: 'pending',
      error: null,
      sentAt: null,
      createdAt: now,
      updatedAt: now,
    });

    const deleted = await request(authApp())
      .delete('/api/auth/user')
      .set('Cookie', leaving.cookie)
      .send({ password: 'secret123' });
    expect(deleted.status).toBe(204);
    // Handled once the account event's work is done: every record of theirs without the address.
    const theirs = await eventually(async () => {
      const rows = await deliveries.find({ userId: leaving.id }).toArray();
      return rows.length === 2 && rows.every((d) => d.email === null) ? rows : undefined;
    });
    if (!theirs) throw new Error('unreachable: eventually returns a value');
    expect(theirs.find((d) => d.newsletterId === 'pending-one')?.status).toBe('skipped');
    expect(theirs.length).toBe(2);
    for (const d of theirs) expect(d).toMatchObject({ email: null, firstName: null });
    expect(JSON.stringify(theirs)).not.toContain(leaving.email);
    // Nothing left pending: that newsletter is sent.
    await eventually(async () => (await statusOf(cookie, 'pending-one')).status === 'sent');
    expect(await statusOf(cookie, 'pending-one')).toMatchObject({ status: 'sent', sent: 0, recipients: 1 });
  });

  it('when members unsubscribe (link or account switch) or delete their account after the fan-out, then their deliveries are skipped with the reason and only those still subscribed get the mail', async () => {
    await contact.background.newsletterWorkers.start();
    const { cookie } = await loggedInAdmin(deps);
    const byLink = await member({ newsletter: true, verified: true });
    const bySwitch = await member({ newsletter: true, verified: true });
    const leaving = await member({ newsletter: true, verified: true });
    const staying = await member({ newsletter: true, verified: true });
    const created = await request(contactApp())
      .post('/api/admin/newsletters')
      .set('Cookie', cookie)
      .send({ subject: 'January: grip', markdown: 'Light hands.' });
    const id = created.body.id as string;

    // The deliveries wait (the queue is paused for every worker) until the fan-out has recorded everyone.
    const deliveriesQueue = contact.background.newsletterDeliveries.queue;
    await deliveriesQueue.pause();
    try {
      await request(contactApp()).post(`/api/admin/newsletters/${id}/send`).set('Cookie', cookie).expect(202);
      const newsletters = deps.mongo.collection('newsletters');
      await eventually(async () => (await newsletters.findOne({ _id: id as never }))?.fanOutDoneAt != null, 20_000);
      expect((await statusOf(cookie, id)).recipients).toBeGreaterThanOrEqual(4);

      const token = signMailListToken(deps.config.JWT_SECRET, { userId: byLink.id, list: 'newsletter', mailingId: id });
      await request(authApp()).post('/api/auth/newsletter/unsubscribe').send({ token }).expect(200);
      await switchOff(bySwitch.cookie);
      await deleteAccount(leaving.cookie);
    } finally {
      await deliveriesQueue.resume();
    }
    await eventually(async () => (await statusOf(cookie, id)).status === 'sent', 30_000, 250);

    const grip = (address: string) => mailsTo(address).filter((m) => m.subject === 'January: grip');
    expect(grip(staying.email)).toHaveLength(1);
    for (const gone of [byLink, bySwitch, leaving]) expect(grip(gone.email)).toEqual([]);
    const deliveries = deps.mongo.collection('newsletter_deliveries');
    const reasonOf = async (userId: string) => (await deliveries.findOne({ _id: `${id}:${userId}` as never }))!;
    expect(await reasonOf(byLink.id)).toMatchObject({ status: 'skipped', skipReason: 'unsubscribed', email: null });
    expect(await reasonOf(bySwitch.id)).toMatchObject({ status: 'skipped', skipReason: 'unsubscribed', email: null });
    expect(await reasonOf(leaving.id)).toMatchObject({ status: 'skipped', skipReason: 'deleted', email: null });
    expect(await reasonOf(staying.id)).toMatchObject({ status: 'sent' });
    // Put back for the tests after this one.
    await request(authApp()).patch('/api/auth/user').set('Cookie', bySwitch.cookie).send({ newsletter: true });
  });

  it('when auth cannot say whether a member is still subscribed, then their delivery waits (nothing sent, still pending) and goes out once auth answers again', async () => {
    await contact.background.newsletterWorkers.start();
    const { cookie } = await loggedInAdmin(deps);
    const created = await request(contactApp())
      .post('/api/admin/newsletters')
      .set('Cookie', cookie)
      .send({ subject: 'February: focus', markdown: 'One shot at a time.' });
    const id = created.body.id as string;
    const deliveriesQueue = contact.background.newsletterDeliveries.queue;
    const newsletters = deps.mongo.collection('newsletters');
    await deliveriesQueue.pause();
    try {
      await request(contactApp()).post(`/api/admin/newsletters/${id}/send`).set('Cookie', cookie).expect(202);
      await eventually(async () => (await newsletters.findOne({ _id: id as never }))?.fanOutDoneAt != null, 20_000);
      await auth.stop();
    } finally {
      await deliveriesQueue.resume();
    }
    const focus = () => sink.messages().filter((m) => m.subject === 'February: focus');
    const deliveries = deps.mongo.collection('newsletter_deliveries');
    // The jobs are tried (and fail) while auth is away; nothing is sent, nothing given up.
    await eventually(async () => ((await deliveriesQueue.getJobCounts('delayed')).delayed ?? 0) > 0, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(focus()).toEqual([]);
    expect(await deliveries.countDocuments({ newsletterId: id, status: { $ne: 'pending' } })).toBe(0);
    await auth.start();
    await eventually(async () => (await statusOf(cookie, id)).status === 'sent', 40_000, 250);
    const recipients = (await statusOf(cookie, id)).recipients as number;
    expect(recipients).toBeGreaterThan(0);
    expect(focus()).toHaveLength(recipients);
  });

  it('when recipients of a send leave by any way afterwards (its link, another newsletter’s link, the account switch, deleting their account), then its "unsubscribed since" counts each of them; one who came back is not counted', async () => {
    await contact.background.newsletterWorkers.start();
    await contact.background.accountEvents.start();
    const { cookie } = await loggedInAdmin(deps);
    const [ownLink, otherLink, bySwitch, leaving, cameBack] = [
      await member({ newsletter: true, verified: true }),
      await member({ newsletter: true, verified: true }),
      await member({ newsletter: true, verified: true }),
      await member({ newsletter: true, verified: true }),
      await member({ newsletter: true, verified: true }),
    ];
    const created = await request(contactApp())
      .post('/api/admin/newsletters')
      .set('Cookie', cookie)
      .send({ subject: 'March: patience', markdown: 'Wait for it.' });
    const id = created.body.id as string;
    await request(contactApp()).post(`/api/admin/newsletters/${id}/send`).set('Cookie', cookie).expect(202);
    await eventually(async () => (await statusOf(cookie, id)).status === 'sent', 30_000, 250);
    expect((await statusOf(cookie, id)).unsubscribed).toBe(0);

    const link = (userId: string, mailingId: string) =>
      signMailListToken(deps.config.JWT_SECRET, { userId, list: 'newsletter', mailingId });
    const unsubscribe = (token: string) =>
      request(authApp()).post('/api/auth/newsletter/unsubscribe').send({ token }).expect(200);
    await unsubscribe(link(ownLink.id, id));
    await unsubscribe(link(otherLink.id, 'an-older-newsletter'));
    await switchOff(bySwitch.cookie);
    await deleteAccount(leaving.cookie);
    await unsubscribe(link(cameBack.id, id));
    await request(authApp())
      .post('/api/auth/newsletter/resubscribe')
      .set('Cookie', cameBack.cookie)
      .send({ token: link(cameBack.id, id) })
      .expect(200);

    // The deletion counts once contact has handled auth's account event.
    await eventually(async () => (await statusOf(cookie, id)).unsubscribed === 4, 20_000, 250);
    const listed = adminNewsletterListSchema
      .parse((await request(contactApp()).get('/api/admin/newsletters').set('Cookie', cookie)).body)
      .items.find((n) => n.id === id);
    expect(listed?.unsubscribed).toBe(4);
    // A member not among its recipients who leaves is not counted.
    const later = await member({ newsletter: true, verified: true });
    await unsubscribe(link(later.id, id));
    expect((await statusOf(cookie, id)).unsubscribed).toBe(4);
  });

  it('when the founder asks for a test mail, then one mail goes to FOUNDER_EMAIL (202)', async () => {
    const { cookie } = await loggedInAdmin(deps);
    const created = await request(contactApp())
      .post('/api/admin/newsletters')
      .set('Cookie', cookie)
      .send({ subject: 'Test run', markdown: 'Hello *founder*.' });
    const res = await request(contactApp())
      .post(`/api/admin/newsletters/${created.body.id}/test`)
      .set('Cookie', cookie);
    expect(res.status).toBe(202);
    const mail = await sink.waitFor((m) => m.subject === 'Test run', 20_000);
    expect(mail.to).toEqual(['founder@newsletter.test']);
    expect(mail.html).toContain('<em>founder</em>');
    expect((await statusOf(cookie, created.body.id)).status).toBe('draft');
  });

  it('when the input is wrong or the caller is no admin, then 400/401/403/404 name it', async () => {
    const { cookie } = await loggedInAdmin(deps);
    const noSubject = await request(contactApp())
      .post('/api/admin/newsletters')
      .set('Cookie', cookie)
      .send({ markdown: 'x' });
    expect(noSubject.status).toBe(400);
    expect(noSubject.body.errors).toMatchObject({ subject: 'Subject is required' });
    const unknown = await request(contactApp())
      .post('/api/admin/newsletters')
      .set('Cookie', cookie)
      .send({ subject: 'a', markdown: 'b', status: 'sent' });
    expect(unknown.status).toBe(400);
    expect((await request(contactApp()).get('/api/admin/newsletters/nope').set('Cookie', cookie)).status).toBe(404);
    expect((await request(contactApp()).get('/api/admin/newsletters')).status).toBe(401);
    const { cookie: memberCookie } = await loggedInMember(deps);
    expect((await request(contactApp()).get('/api/admin/newsletters').set('Cookie', memberCookie)).status).toBe(403);
    const forged = signMailListToken('another-secret', { userId: 'x', list: 'newsletter' });
    const bad = await request(authApp()).post('/api/auth/newsletter/unsubscribe').send({ token: forged });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('This unsubscribe link is not valid.');
    expect((await request(authApp()).post('/api/auth/newsletter/unsubscribe')).status).toBe(400);
  });
});
