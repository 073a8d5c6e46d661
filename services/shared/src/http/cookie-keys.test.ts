import Keygrip from 'keygrip';
import { CookieKeys } from './cookie-keys';

const data = 'fm.sid=abcDEF_123-xyz';

describe('CookieKeys', () => {
  it('when it signs, then the signature is the one Keygrip makes (cookies signed before still verify)', () => {
    for (const key of ['dev-only-session-key-change-me-0123456789', 'another-key-with-+/=-chars-0123456789']) {
      expect(new CookieKeys([key]).sign(data)).toBe(new Keygrip([key]).sign(data));
    }
  });

  it('when the keys are rotated, then a cookie signed with an older key still verifies, and says which key', () => {
    const old = new Keygrip(['old-session-key-0123456789abcdef']).sign(data);
    const keys = new CookieKeys(['new-session-key-0123456789abcdef', 'old-session-key-0123456789abcdef']);
    expect(keys.index(data, old)).toBe(1);
    expect(keys.verify(data, old)).toBe(true);
    expect(keys.index(data, keys.sign(data))).toBe(0);
  });

  it('when the signature or the data is tampered with (or of another length), then it does not verify', () => {
    const keys = new CookieKeys(['a-session-key-0123456789abcdef']);
    const signature = keys.sign(data);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(keys.index(data, flipped)).toBe(-1);
    expect(keys.index(`${data}x`, signature)).toBe(-1);
    expect(keys.index(data, signature.slice(1))).toBe(-1);
    expect(keys.index(data, '')).toBe(-1);
  });
});
