import { adminContactMessageSchema, adminPageSchema, myContactMessagesSchema } from '@fm/contracts';
import { USERS_COLLECTION } from '@fm/shared/auth';
import { closeBackground } from '@fm/shared/service';
import { createTestDeps, loggedInAdmin, loggedInMember, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
import { type Message, type SmtpSink, startSmtpSink } from '@fm/smtp-sink';
import { Types } from 'mongoose';
import request from 'supertest';
import { compose } from '../compose';
import { configSchema, type Config } from '../config';

// Issue 43 §3: a signed-in member who types another person's address in the contact form. The
// message carries the account's name and address (the typed ones kept, marked), the founder's
// notification says who wrote, and the founder's reply goes to the account that wrote, the one
// that reads it under "Your messages", never to the address only typed.

const FOUNDER = 'founder@fairwaymind.test';
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
    SUPPORT_EMAIL: 'help@fairwaymind.test',
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
async function write(body: { name: string; email: string; message: string }, cookie?: string): Promise<string> {
  const req = request(server)
    .post('/api/contact')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('X-Forwarded-For', `10.43.3.${++ip}`);
  if (cookie) req.set('Cookie', cookie);
  const res = await req.send(body);
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** The message as the console's inbox lists it. */
async function listed(id: string) {
  const res = await request(server).get('/api/admin/contact-messages?pageSize=100').set('Cookie', admin);
  expect(res.status).toBe(200);
  return adminPageSchema(adminContactMessageSchema)
    .parse(res.body)
    .items.find((m) => m.id === id);
}

const founderMail = (marker: string) => sink.waitFor((m) => m.to.includes(FOUNDER) && m.text.includes(marker), 10_000);
const stored = (id: string) =>
  deps.mongo.db!.collection('contact_submissions').findOne({ _id: new Types.ObjectId(id) });

describe('a signed-in member writes with another person’s address', () => {
  it('then the message carries the account’s name and address, the typed ones marked; the founder is told who wrote; the reply goes to the account, which reads it on its page', async () => {
    const writer = await loggedInMember(deps, {
      membershipLevel: 'premium',
      firstName: 'Eve',
      lastName: 'Mallory',
      email: `eve-${Date.now()}@example.com`,
    });
    const victim = `victim-${Date.now()}@example.com`;
    const marker = `reset my password ${Date.now()}`;
    const id = await write({ name: 'Victor Victim', email: victim, message: `Please ${marker}.` }, writer.cookie);

    expect(await stored(id)).toMatchObject({
      name: 'Eve Mallory',
      email: writer.user.email,
      memberId: writer.user.id,
      memberLevel: 'premium',
      emailVerified: false,
      typedName: 'Victor Victim',
      typedEmail: victim,
    });
    expect(await listed(id)).toMatchObject({
      name: 'Eve Mallory',
      email: writer.user.email,
      memberId: writer.user.id,
      emailVerified: false,
      typedName: 'Victor Victim',
      typedEmail: victim,
      level: 'premium',
    });

    const notification = await founderMail(marker);
    expect(notification.subject).toBe('New contact message from Eve Mallory (Premium member, address not verified)');
    expect(notification.headers['reply-to']).toContain(writer.user.email);
    expect(notification.headers['reply-to']).not.toContain(victim);
    expect(notification.text).toContain(`Who: Premium member, address not verified, signed in as ${writer.user.email}`);
    expect(notification.text).toContain(`Typed address: ${victim} (typed, not the account's)`);
    expect(notification.text).toContain("Typed name: Victor Victim (typed, not the account's)");

    const answer = `Your account's password can be reset from the login page (${marker}).`;
    const res = await request(server)
      .post(`/api/admin/contact-messages/${id}/reply`)
      .set('Cookie', admin)
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ text: answer });
    expect(res.status).toBe(201);
    const isReply = (m: Message) => m.text.includes(answer);
    const mail = await sink.waitFor(isReply, 10_000);
    expect(mail.to).toEqual([writer.user.email]);
    expect(mail.text).toMatch(/^Hi Eve,/);
    expect(sink.messages().filter((m) => m.to.includes(victim))).toEqual([]);

    const mine = await request(server).get('/api/contact/mine').set('Cookie', writer.cookie);
    expect(mine.status).toBe(200);
    const [item] = myContactMessagesSchema.parse(mine.body).items.filter((m) => m.id === id);
    expect(item).toMatchObject({ message: `Please ${marker}.`, replies: [{ text: answer }] });
  });

  it('when a verified member types their own name and address (other case and spacing), then nothing is marked and the founder reads "Free member"', async () => {
    const email = `ada-${Date.now()}@example.com`;
    const member = await loggedInMember(deps, { firstName: 'Ada', lastName: 'Lovelace', email });
    await deps.mongo.db!.collection(USERS_COLLECTION).updateOne(
      { _id: member.user.id as never },
      {
        $set: { emailVerified: true },
      },
    );
    const marker = `own address ${Date.now()}`;
    const id = await write({ name: 'ada  LOVELACE', email: email.toUpperCase(), message: marker }, member.cookie);

    expect(await listed(id)).toMatchObject({
      name: 'Ada Lovelace',
      email,
      memberId: member.user.id,
      emailVerified: true,
      typedName: null,
      typedEmail: null,
    });
    const notification = await founderMail(marker);
    expect(notification.subject).toBe('New contact message from Ada Lovelace (Free member)');
    expect(notification.text).not.toContain('Typed');
  });

  it('when the account has no name, then the typed name is kept, marked as typed', async () => {
    const member = await loggedInMember(deps, { firstName: '', lastName: '' });
    const id = await write(
      { name: 'Anon Golfer', email: member.user.email, message: 'No name on file' },
      member.cookie,
    );
    expect(await listed(id)).toMatchObject({
      name: 'Anon Golfer',
      email: member.user.email,
      typedName: 'Anon Golfer',
      typedEmail: null,
    });
  });
});

describe('a visitor writes', () => {
  it('then the typed name and address are kept, no account is named, and the founder reads "Visitor, address not proven"', async () => {
    const marker = `visitor question ${Date.now()}`;
    const id = await write({ name: 'Val Visitor', email: 'val@example.com', message: marker });
    expect(await listed(id)).toMatchObject({
      name: 'Val Visitor',
      email: 'val@example.com',
      memberId: null,
      emailVerified: null,
      typedName: null,
      typedEmail: null,
      level: 'visitor',
    });
    const notification = await founderMail(marker);
    expect(notification.subject).toBe('New contact message from Val Visitor (Visitor, address not proven)');
    expect(notification.text).toContain('Who: a visitor (not signed in; address not proven)');
  });
});

describe('the inbox’s search', () => {
  it('when the founder searches for the typed address, then the member’s message is found', async () => {
    const member = await loggedInMember(deps);
    const typed = `typed-${Date.now()}@example.net`;
    const id = await write({ name: 'Test Golfer', email: typed, message: 'Search me' }, member.cookie);
    const res = await request(server)
      .get(`/api/admin/contact-messages?q=${encodeURIComponent(typed)}`)
      .set('Cookie', admin);
    expect(res.status).toBe(200);
    expect(res.body.items.map((m: { id: string }) => m.id)).toEqual([id]);
  });
});
