import {
  QUEUES,
  adminContactMessageSchema,
  adminPageSchema,
  contactPromiseSchema,
  contactReplySchema,
  myContactMessagesSchema,
  SUPPORT_REPLY_HOURS,
} from '@fm/contracts';
import { closeBackground } from '@fm/shared/service';
import { AuditLog } from '@fm/shared/http';
import { createInbox } from '@fm/shared/store';
import { QueueProducer } from '@fm/shared/queues';
import { USERS_COLLECTION } from '@fm/shared/auth';
import {
  createTestDeps,
  eventually,
  loggedInAdmin,
  loggedInMember,
  TEST_SITE_ORIGIN,
  type TestDeps,
} from '@fm/shared/testing';
import { type Message, type SmtpSink, startSmtpSink } from '@fm/smtp-sink';
import { Types } from 'mongoose';
import request from 'supertest';
import { compose } from '../compose';
import { configSchema, type Config } from '../config';
import { AccountDeletionService } from '../domain/account-deletion.service';
import { ContactService } from '../domain/contact.service';
import { INBOX_COLLECTION } from '../domain/notification.service';

// Priority support (issue 28 §3): each message's level and due time, the console's inbox by due
// time, the founder's reply (mailed from SUPPORT_EMAIL, threaded on the founder's notification),
// the member's messages on their account page, and the promise as a figure.

const FOUNDER = 'founder@fairwaymind.test';
const SUPPORT = 'help@fairwaymind.test';
const HOUR = 3_600_000;
let sink: SmtpSink;
let deps: TestDeps<Config>;
let service: ReturnType<typeof compose>;
let server: ReturnType<typeof service.app.callback>;
let admin: string;

beforeAll(async () => {
  sink = await startSmtpSink({ smtpPort: 0, httpPort: false });
  deps = await createTestDeps(configSchema, {
    SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
    FOUNDER_EMAIL: FOUNDER,
    SUPPORT_EMAIL: SUPPORT,
    MAIL_FROM: 'Fairway Mind <no-reply@fairwaymind.test>',
  });
  service = compose(deps);
  await service.background.notifications.start();
  server = service.app.callback();
  admin = (await loggedInAdmin(deps)).cookie;
});

afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
  await sink.close();
});

let ip = 0;
async function write(message: string, cookie?: string, email = `ada-${++ip}@example.com`): Promise<string> {
  const req = request(server)
    .post('/api/contact')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('X-Forwarded-For', `10.28.0.${++ip}`);
  if (cookie) req.set('Cookie', cookie);
  const res = await req.send({ name: 'Ada Lovelace', email, message });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const inbox = (query: string) => request(server).get(`/api/admin/contact-messages${query}`).set('Cookie', admin);
const reply = (id: string, body: object, cookie = admin) =>
  request(server)
    .post(`/api/admin/contact-messages/${id}/reply`)
    .set('Cookie', cookie)
    .set('Origin', TEST_SITE_ORIGIN)
    .send(body);
const mine = (cookie?: string) => {
  const req = request(server).get('/api/contact/mine');
  return cookie ? req.set('Cookie', cookie) : req;
};
const submissions = () => deps.mongo.db!.collection('contact_submissions');

describe('priority by level', () => {
  it('when a Free member, a Premium member and a visitor write, then each message has its level and due time, and "open, most urgent first" puts Premium first', async () => {
    const free = await loggedInMember(deps, { membershipLevel: 'free' });
    const premium = await loggedInMember(deps, { membershipLevel: 'premium' });
    const before = Date.now();
    const freeId = await write('Free question', free.cookie);
    const visitorId = await write('Visitor question');
    const premiumId = await write('Premium question', premium.cookie);

    const res = await inbox('?handled=false&sort=due&pageSize=100');
    expect(res.status).toBe(200);
    const items = adminPageSchema(adminContactMessageSchema)
      .parse(res.body)
      .items.filter((m) => [freeId, visitorId, premiumId].includes(m.id));
    expect(items.map((m) => [m.id, m.level])).toEqual([
      [premiumId, 'premium'],
      [freeId, 'free'],
      [visitorId, 'visitor'],
    ]);
    const hoursLeft = (m: { dueAt: string }) => (Date.parse(m.dueAt) - before) / HOUR;
    expect(hoursLeft(items[0]!)).toBeCloseTo(SUPPORT_REPLY_HOURS.premium, 1);
    expect(SUPPORT_REPLY_HOURS).toEqual({ premium: 24, freeFrom: 48, free: 72 });
    expect(hoursLeft(items[1]!)).toBeCloseTo(72, 1);
    expect(hoursLeft(items[2]!)).toBeCloseTo(72, 1);
    expect(items.every((m) => m.repliedAt === null && m.replies.length === 0)).toBe(true);

    // The default order is still newest first.
    const newest = (await inbox('?pageSize=100')).body.items.map((m: { id: string }) => m.id);
    expect(newest.indexOf(premiumId)).toBeLessThan(newest.indexOf(visitorId));
    expect(newest.indexOf(visitorId)).toBeLessThan(newest.indexOf(freeId));
  });

  it('when the sort is unknown, then 400 naming it', async () => {
    const res = await inbox('?sort=oldest');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/sort must be newest or due/);
  });
});

describe('search', () => {
  it('when the founder searches, then only the messages with every word in the name, address or message are listed, open ones most urgent first, with the total', async () => {
    const tag = `Q${Date.now().toString(36)}`;
    const premium = await loggedInMember(deps, { membershipLevel: 'premium' });
    const putting = await write(`Yips on short putts ${tag}`);
    const driving = await write(`Tension on the first tee ${tag}`, premium.cookie, `grace-${tag}@example.org`);
    await write('Nothing to do with it');
    const ids = async (query: string) => {
      const res = await inbox(query);
      expect(res.status).toBe(200);
      const page = adminPageSchema(adminContactMessageSchema).parse(res.body);
      return { ids: page.items.map((m) => m.id), total: page.total };
    };

    expect(await ids(`?handled=false&sort=due&q=${tag}`)).toEqual({ ids: [driving, putting], total: 2 });
    // Case-insensitive, every word (in any field): the message's words and the address's domain.
    expect(await ids(`?q=${encodeURIComponent(`${tag.toLowerCase()} PUTTS`)}`)).toEqual({ ids: [putting], total: 1 });
    expect(await ids(`?q=${encodeURIComponent(`${tag} example.org`)}`)).toEqual({ ids: [driving], total: 1 });
    // Regex characters mean themselves; a word nobody wrote finds nothing.
    expect(await ids(`?q=${encodeURIComponent(`${tag} .*`)}`)).toEqual({ ids: [], total: 0 });
    expect((await ids(`?q=${encodeURIComponent(`  ${tag}  `)}&handled=true`)).total).toBe(0);
  });

  it('when the search is too long or repeated, then 400 naming it', async () => {
    const long = await inbox(`?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/Search is at most 100 characters/);
    const twice = await inbox('?q=a&q=b');
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/Search must be a single text value/);
  });
});

describe('the founder replies from the console', () => {
  it('when the founder replies, then 201 with the reply, one mail to the sender from SUPPORT_EMAIL threaded on the founder’s notification, stored, handled, audited without the text or address', async () => {
    const member = await loggedInMember(deps, { membershipLevel: 'premium' });
    const marker = `three-putt ${Date.now()}`;
    const id = await write(`I ${marker} under pressure.`, member.cookie, member.user.email);
    const notification = await sink.waitFor((m) => m.to.includes(FOUNDER) && m.text.includes(marker), 10_000);
    const threadId = notification.headers['message-id'];
    expect(threadId).toMatch(new RegExp(`^<contact-${id}@fairwaymind\\.test>$`));

    const res = await reply(id, { text: 'Slow your routine down.\n\nTry the 4-7 breath.' });
    expect(res.status).toBe(201);
    const sent = contactReplySchema.parse(res.body);
    expect(sent.text).toBe('Slow your routine down.\n\nTry the 4-7 breath.');

    const isReply = (m: Message) => m.to.includes(member.user.email) && m.subject.startsWith('Re:');
    const mail = await sink.waitFor(isReply, 10_000);
    expect(mail.from).toContain(SUPPORT);
    expect(mail.headers['in-reply-to']).toBe(threadId);
    expect(mail.headers['references']).toBe(threadId);
    expect(mail.text).toContain('Try the 4-7 breath.');
    expect(mail.text).toContain(`> I ${marker} under pressure.`);
    expect(mail.text).toContain('/member/account');

    const [item] = (await inbox('?handled=true&pageSize=100')).body.items.filter((m: { id: string }) => m.id === id);
    expect(adminContactMessageSchema.parse(item)).toMatchObject({
      handled: true,
      repliedAt: sent.createdAt,
      replies: [sent],
    });
    await eventually(async () => {
      const stored = await deps.mongo.db!.collection('contact_replies').findOne({ _id: new Types.ObjectId(sent.id) });
      return stored?.mailedAt instanceof Date;
    });

    const [entry] = (await new AuditLog(deps.mongo).list({ page: 1, pageSize: 5 }, { targetId: id })).items;
    expect(entry).toMatchObject({ action: 'contact-message.reply', targetType: 'contact-message' });
    expect(entry!.summary).not.toContain(member.user.email);
    expect(entry!.summary).not.toMatch(/4-7 breath/);

    // The same job again (a replay) mails nobody twice.
    await service.background.producer.publish(
      'contact-reply-mail',
      { submissionId: id, replyId: sent.id },
      `replay-${sent.id}`,
    );
    await eventually(async () => (await service.background.producer.queue.getJob(`replay-${sent.id}`))?.isCompleted());
    expect(sink.messages().filter(isReply)).toHaveLength(1);
  });

  it('when the reply is empty, the message unknown or the caller not an admin, then 400, 404 and 403', async () => {
    const id = await write('A question');
    expect((await reply(id, { text: '  ' })).status).toBe(400);
    expect((await reply(id, { text: 'Hi', cc: 'x@example.com' })).body.message).toMatch(/Unknown field: cc/);
    expect((await reply(new Types.ObjectId().toHexString(), { text: 'Hi' })).status).toBe(404);
    expect((await reply('not-an-id', { text: 'Hi' })).status).toBe(404);
    const member = await loggedInMember(deps);
    expect((await reply(id, { text: 'Hi' }, member.cookie)).status).toBe(403);
  });

  it('when the sender deleted their account, then a reply is 410, before and after contact erased the message, and nothing is mailed', async () => {
    const member = await loggedInMember(deps, { membershipLevel: 'free', email: 'gone@example.com' });
    const id = await write('Delete me later', member.cookie, 'gone@example.com');
    await deps.mongo.db!.collection(USERS_COLLECTION).deleteOne({ _id: member.user.id as never });

    const pending = await reply(id, { text: 'Too late' });
    expect(pending.status).toBe(410);
    expect(pending.body.code).toBe('GONE');

    await new AccountDeletionService(deps.mongo, createInbox(deps.mongo, { collection: INBOX_COLLECTION })).erase(
      {
        userId: member.user.id,
        email: 'gone@example.com',
        emailVerified: false,
        eventId: `evt-${id}`,
        occurredAt: new Date().toISOString(),
      },
      deps.logger,
    );
    expect(await submissions().countDocuments({ _id: new Types.ObjectId(id) })).toBe(0);
    expect(await deps.mongo.db!.collection('contact_erased_messages').countDocuments({ _id: id as never })).toBe(1);
    const erased = await reply(id, { text: 'Too late' });
    expect(erased.status).toBe(410);
    expect(sink.messages().filter((m) => m.to.includes('gone@example.com') && m.subject.startsWith('Re:'))).toEqual([]);
  });
});

describe('when Redis cannot take the reply’s mail', () => {
  it('then the reply is stored and answered 201, and the sweep queues its mail, which goes out once', async () => {
    const id = await write('Will you answer while Redis is down?', undefined, 'outage@example.com');
    // A producer whose Redis connection is gone: every publish fails as it does while Redis is down.
    const deadProducer = new QueueProducer(QUEUES.notifications, {
      redisUrl: deps.config.REDIS_URL,
      redisPrefix: deps.config.REDIS_PREFIX,
    });
    await deadProducer.queue.waitUntilReady();
    await deadProducer.close();
    const outage = compose(deps, { producer: deadProducer });
    let replyId = '';
    try {
      const res = await request(outage.app.callback())
        .post(`/api/admin/contact-messages/${id}/reply`)
        .set('Cookie', admin)
        .set('Origin', TEST_SITE_ORIGIN)
        .send({ text: 'Yes, once Redis is back.' });
      expect(res.status).toBe(201);
      replyId = res.body.id as string;
    } finally {
      await closeBackground(outage.background);
    }
    const { producer } = service.background;
    expect(await producer.queue.getJob(`contact-reply-${replyId}`)).toBeUndefined();

    const swept = await new ContactService({ mongo: deps.mongo, producer, logger: deps.logger }).requeueUnsent(0);
    expect(swept.queued).toBeGreaterThanOrEqual(1);
    const isReply = (m: Message) => m.to.includes('outage@example.com') && m.text.includes('once Redis is back');
    await sink.waitFor(isReply, 10_000);
    await eventually(async () => {
      const stored = await deps.mongo.db!.collection('contact_replies').findOne({ _id: new Types.ObjectId(replyId) });
      return stored?.mailedAt instanceof Date;
    });
    // Mailed: a later sweep leaves it alone.
    await new ContactService({ mongo: deps.mongo, producer, logger: deps.logger }).requeueUnsent(0);
    expect(sink.messages().filter(isReply)).toHaveLength(1);
  });
});

describe('GET /api/contact/mine', () => {
  it('when a member opens their account page, then their messages, newest first, with the founder’s replies; a visitor gets 401', async () => {
    const member = await loggedInMember(deps, { membershipLevel: 'free' });
    const other = await loggedInMember(deps, { membershipLevel: 'free' });
    const first = await write('My first question', member.cookie);
    const second = await write('My second question', member.cookie);
    await write('Someone else', other.cookie);
    expect((await reply(first, { text: 'Here is your answer.' })).status).toBe(201);

    const res = await mine(member.cookie);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { items } = myContactMessagesSchema.parse(res.body);
    expect(items.map((m) => m.id)).toEqual([second, first]);
    expect(items[1]).toMatchObject({
      message: 'My first question',
      level: 'free',
      replies: [{ text: 'Here is your answer.' }],
    });
    expect(items[0]).toMatchObject({ repliedAt: null, replies: [] });

    const visitor = await mine();
    expect(visitor.status).toBe(401);
  });
});

describe('the promise as a figure', () => {
  it('when messages of the last 30 days were answered in time or late, then the share per level counts them; open ones not yet due wait', async () => {
    const figure = async () => {
      const res = await inbox('/promise');
      expect(res.status).toBe(200);
      return contactPromiseSchema.parse(res.body);
    };
    const before = await figure();
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
    const message = (level: 'premium' | 'free', receivedHoursAgo: number, answeredAfterHours: number | null) => {
      const createdAt = at(receivedHoursAgo);
      const hours = SUPPORT_REPLY_HOURS[level];
      return {
        name: 'Ada',
        email: 'ada@example.com',
        message: 'Old question',
        memberId: `member-${level}`,
        memberLevel: level,
        notifiedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
        dueAt: new Date(createdAt.getTime() + hours * HOUR),
        handled: answeredAfterHours !== null,
        handledAt: answeredAfterHours === null ? null : new Date(createdAt.getTime() + answeredAfterHours * HOUR),
        repliedAt: answeredAfterHours === null ? null : new Date(createdAt.getTime() + answeredAfterHours * HOUR),
      };
    };
    await submissions().insertMany([
      message('premium', 100, 2), // in time
      message('premium', 100, 30), // late
      message('premium', 100, null), // overdue, unanswered
      message('premium', 2, null), // not yet due
      message('free', 200, 70), // in time
      message('free', 200, 80), // late
      message('premium', 31 * 24, 1), // outside the window
    ]);

    const after = await figure();
    expect(after.days).toBe(30);
    expect(after.premium.hours).toBe(24);
    expect(after.free.hours).toBe(72);
    expect(after.premium.counted - before.premium.counted).toBe(3);
    expect(after.premium.onTime - before.premium.onTime).toBe(1);
    expect(after.premium.pending - before.premium.pending).toBe(1);
    expect(after.free.counted - before.free.counted).toBe(2);
    expect(after.free.onTime - before.free.onTime).toBe(1);
    expect(after.premium.share).toBeCloseTo(after.premium.onTime / after.premium.counted);

    const member = await loggedInMember(deps);
    expect((await request(server).get('/api/admin/contact-messages/promise').set('Cookie', member.cookie)).status).toBe(
      403,
    );
  });
});
