import { createHash } from 'node:crypto';

/** Google's mail ignores dots in the local part, and googlemail.com is gmail.com. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * An e-mail address reduced to the person behind it, for "once per person" rules: lower case,
 * the `+tag` dropped from the local part (`name+1@…` is `name@…`), and for Gmail the dots too
 * (`n.a.m.e@gmail.com` and `name@googlemail.com` are `name@gmail.com`). Never an address to write
 * to: only a key to compare.
 */
export function personAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * The one-way key of `personAddress(address)` (`sha256:<hex>`): what a service keeps to know an
 * address again after forgetting it (e.g. past an account's deletion), never the address.
 */
export function personAddressKey(address: string): string {
  return `sha256:${createHash('sha256').update(personAddress(address)).digest('hex')}`;
}
