import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The session cookie's signing keys (SESSION_KEYS, newest first): the same signatures as Keygrip
 * (HMAC-SHA1, base64url), which the `cookies` module would otherwise use. Keygrip compares a
 * signature by drawing 32 random bytes and computing two more HMACs; this compares the bytes with
 * crypto.timingSafeEqual, one HMAC per key tried (a tenth of the CPU auth spent on reading a
 * session cookie). Koa takes it as `app.keys`.
 */
export class CookieKeys {
  private readonly keys: readonly string[];

  constructor(keys: readonly string[]) {
    if (!keys.length) throw new Error('CookieKeys needs at least one key');
    this.keys = [...keys];
  }

  private static signWith(data: string, key: string): string {
    return createHmac('sha1', key).update(data).digest('base64url');
  }

  sign(data: string): string {
    return CookieKeys.signWith(data, this.keys[0]!);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** Which key made `digest` (0: the newest), or -1. */
  index(data: string, digest: string): number {
    const given = Buffer.from(digest);
    for (let i = 0; i < this.keys.length; i++) {
      const expected = Buffer.from(CookieKeys.signWith(data, this.keys[i]!));
      if (expected.length === given.length && timingSafeEqual(expected, given)) return i;
    }
    return -1;
  }
}
