/**
 * `@fm/shared/mail`: what mails to members share — the mailing list's signed links
 * (unsubscribe, List-Unsubscribe headers) and a person's address as one key.
 */
export {
  listUnsubscribeHeaders,
  signMailListToken,
  verifyMailListToken,
  type MailList,
  type MailListClaims,
} from '../mail-list';
export { personAddress, personAddressKey } from '../person-address';
