'use strict';
/* global fetch */
// node --test infra/smtp-sink/test/*.test.js
// Real SMTP over loopback: nodemailer (installed for the contact service) sends to the sink.

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const nodemailer = require('nodemailer');
const { startSmtpSink } = require('../src/index');

/** @type {import('../src/index').SmtpSink} */
let sink;
/** @type {import('nodemailer').Transporter} */
let transport;

before(async () => {
  sink = await startSmtpSink({ smtpPort: 0, httpPort: 0 });
  transport = nodemailer.createTransport({ host: '127.0.0.1', port: sink.smtpPort, secure: false });
});

after(async () => {
  transport.close();
  await sink.close();
});

test('when started on port 0, then it reports the real SMTP and HTTP ports', () => {
  assert.ok(sink.smtpPort > 0);
  assert.ok(sink.httpPort && sink.httpPort > 0);
  assert.notEqual(sink.smtpPort, sink.httpPort);
});

test('when nodemailer sends text + html with a UTF-8 subject, then the sink parses both parts', async () => {
  sink.clear();
  await transport.sendMail({
    from: 'Fairway Mind <no-reply@fairwaymind.local>',
    to: 'founder@fairwaymind.local',
    bcc: 'audit@fairwaymind.local',
    replyTo: 'Jane Golfer <jane@example.com>',
    subject: 'New contact — Ünïcode ⛳ message',
    text: `Hello founder,\nLine with = sign and a long line ${'x'.repeat(120)}\nBye`,
    html: '<p>Hello <b>founder</b> ⛳</p>',
  });
  const m = await sink.waitFor((msg) => msg.to.includes('founder@fairwaymind.local'), 3000);
  assert.equal(m.subject, 'New contact — Ünïcode ⛳ message');
  assert.match(m.from, /no-reply@fairwaymind\.local/);
  assert.deepEqual(m.to.sort(), ['audit@fairwaymind.local', 'founder@fairwaymind.local']);
  assert.equal(m.text, `Hello founder,\nLine with = sign and a long line ${'x'.repeat(120)}\nBye`);
  assert.equal(m.html, '<p>Hello <b>founder</b> ⛳</p>');
  assert.match(m.headers['reply-to'] ?? '', /jane@example\.com/);
  assert.ok(!Number.isNaN(Date.parse(m.receivedAt)));
  assert.match(m.raw, /^[\s\S]*Subject:/);
});

test('when mail has an attachment, then text and html still parse and the attachment is listed', async () => {
  sink.clear();
  await transport.sendMail({
    from: 'a@example.com',
    to: 'b@example.com',
    subject: 'With file',
    text: 'see attached',
    html: '<i>see attached</i>',
    attachments: [{ filename: 'notes.txt', content: 'hello file' }],
  });
  const m = await sink.waitFor((msg) => msg.subject === 'With file', 3000);
  assert.equal(m.text, 'see attached');
  assert.equal(m.html, '<i>see attached</i>');
  assert.deepEqual(m.attachments, [{ filename: 'notes.txt', contentType: 'text/plain', size: 10 }]);
});

test('when waitFor is called before the mail arrives, then it resolves on arrival', async () => {
  sink.clear();
  const waiting = sink.waitFor((msg) => msg.subject === 'Later', 3000);
  await transport.sendMail({ from: 'a@example.com', to: 'c@example.com', subject: 'Later', text: 'x' });
  assert.equal((await waiting).to[0], 'c@example.com');
});

test('when no mail matches, then waitFor rejects after the timeout with what it saw', async () => {
  sink.clear();
  await assert.rejects(
    sink.waitFor((msg) => msg.subject === 'never', 100),
    /no matching mail within 100 ms/,
  );
});

test('when told to fail, then SMTP answers 451 and nothing is kept; when told to recover, mail flows', async () => {
  sink.clear();
  sink.setFailing(true);
  await assert.rejects(
    transport.sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'down', text: 'x' }),
    (err) => /** @type {{ responseCode?: number }} */ (err).responseCode === 451,
  );
  assert.equal(sink.messages().length, 0);
  sink.setFailing(false);
  await transport.sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'up', text: 'x' });
  assert.equal(sink.messages().length, 1);
});

test('when the HTTP API is used, then GET lists, ?to filters, DELETE clears, PUT /failing toggles', async () => {
  sink.clear();
  await transport.sendMail({ from: 'a@example.com', to: 'one@example.com', subject: 'one', text: '1' });
  await transport.sendMail({ from: 'a@example.com', to: 'two@example.com', subject: 'two', text: '2' });
  const base = `http://127.0.0.1:${sink.httpPort}`;

  const all = await (await fetch(`${base}/messages`)).json();
  assert.deepEqual(
    all.map((/** @type {{subject: string}} */ m) => m.subject),
    ['one', 'two'],
  );
  const filtered = await (await fetch(`${base}/messages?to=TWO@example.com`)).json();
  assert.deepEqual(
    filtered.map((/** @type {{subject: string}} */ m) => m.subject),
    ['two'],
  );

  const del = await fetch(`${base}/messages`, { method: 'DELETE' });
  assert.equal(del.status, 204);
  assert.deepEqual(await (await fetch(`${base}/messages`)).json(), []);

  const put = await fetch(`${base}/failing`, { method: 'PUT', body: JSON.stringify({ failing: true }) });
  assert.deepEqual(await put.json(), { failing: true });
  assert.equal(sink.isFailing(), true);
  await fetch(`${base}/failing`, { method: 'PUT', body: JSON.stringify({ failing: false }) });
  assert.equal(sink.isFailing(), false);

  const missing = await fetch(`${base}/nope`);
  assert.equal(missing.status, 404);
  assert.deepEqual(await missing.json(), { message: 'Not found', code: 'NOT_FOUND' });
});

/** Sends `lines` over SMTP as they are (no encoding by nodemailer) and returns what the sink made of them. */
async function sendRaw(/** @type {string} */ subjectTag, /** @type {string[]} */ lines) {
  sink.clear();
  await transport.sendMail({
    envelope: { from: 'raw@example.com', to: ['raw-to@example.com'] },
    raw: [`X-Test: ${subjectTag}`, ...lines].join('\r\n'),
  });
  return sink.waitFor((msg) => msg.headers['x-test'] === subjectTag, 3000);
}

test('when headers use RFC 2047 Q/B words and bodies are quoted-printable, then they decode', async () => {
  const m = await sendRaw('rfc2047', [
    'From: =?utf-8?Q?Caf=C3=A9?= <cafe@example.com>',
    'Subject: =?utf-8?B?SGVsbG8g4puz?=',
    '  =?utf-8?Q?_world?=',
    'Content-Type: text/plain; charset="iso-8859-1"',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'Caf=E9 au lait, soft=',
    'break',
  ]);
  assert.equal(m.from, 'Café <cafe@example.com>');
  assert.equal(m.headers.from, 'Café <cafe@example.com>');
  assert.equal(m.subject, 'Hello ⛳ world');
  assert.equal(m.headers.subject, 'Hello ⛳ world');
  // The line break that ends the message on the wire stays part of its last line.
  assert.equal(m.text, 'Café au lait, softbreak\n');
  assert.equal(m.html, '');
  assert.deepEqual(m.envelope, { from: 'raw@example.com', to: ['raw-to@example.com'] });
});

test('when an attachment name uses RFC 2231 encoding, then it is decoded', async () => {
  const m = await sendRaw('rfc2231', [
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'hi',
    '--b',
    'Content-Type: application/pdf',
    "Content-Disposition: attachment; filename*=utf-8''caf%C3%A9.pdf",
    'Content-Transfer-Encoding: base64',
    '',
    'AAAA',
    '--b--',
    '',
  ]);
  assert.equal(m.text, 'hi');
  assert.deepEqual(m.attachments, [{ filename: 'café.pdf', contentType: 'application/pdf', size: 3 }]);
});

test('when a mail has only an html part, then text stays empty (nothing is made up from the html)', async () => {
  const m = await sendRaw('html-only', [
    'Subject: html only',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Hi <b>there</b></p>',
  ]);
  assert.equal(m.html, '<p>Hi <b>there</b></p>\n');
  assert.equal(m.text, '');
  assert.equal(m.from, 'raw@example.com');
});

test('when a header repeats, then its values are joined with a line break', async () => {
  const m = await sendRaw('repeat', ['Received: from a', 'Received: from b', 'Subject: twice', '', 'x']);
  assert.equal(m.headers.received, 'from a\nfrom b');
});
