import { listUnsubscribeHeaders, signMailListToken, verifyMailListToken } from './mail-list';

const secret = 'test-secret-0123456789abcdef';

describe('mail list tokens (one-click unsubscribe)', () => {
  it('when the newsletter signs a token for a member, then verifying it gives back the member and the mailing', () => {
    const token = signMailListToken(secret, { userId: 'u1', list: 'newsletter', mailingId: 'n7' });
    expect(verifyMailListToken(secret, 'newsletter', token)).toEqual({
      userId: 'u1',
      list: 'newsletter',
      mailingId: 'n7',
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('when a token is tampered with, signed with another secret or made for another list, then it is a 400', () => {
    const token = signMailListToken(secret, { userId: 'u1', list: 'reminders' });
    const [body, sig] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ u: 'u2', l: 'reminders' })).toString('base64url');
    for (const bad of [
      `${forged}.${sig}`,
      `${body}.${sig.slice(0, -2)}xx`,
      signMailListToken('another-secret-0123456789', { userId: 'u1', list: 'reminders' }),
      'not-a-token',
      undefined,
    ]) {
      expect(() => verifyMailListToken(secret, 'reminders', bad)).toThrow('This unsubscribe link is not valid.');
    }
    expect(() => verifyMailListToken(secret, 'newsletter', token)).toThrow('not valid');
  });

  it('gives the RFC 8058 headers: an https link and a mailto, and the one-click POST', () => {
    expect(
      listUnsubscribeHeaders({
        url: 'https://fm.example/newsletter/unsubscribe?token=t',
        mailto: 'support@fm.example',
      }),
    ).toEqual({
      'List-Unsubscribe':
        '<https://fm.example/newsletter/unsubscribe?token=t>, <mailto:support@fm.example?subject=unsubscribe>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
