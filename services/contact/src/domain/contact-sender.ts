/**
 * Who wrote a contact message (issue 43 §3). A signed-in member's message carries their account's
 * name and address, not the ones typed in the form: anyone signed in can type another person's
 * address, and the founder's answer (by mail, and on the writer's account page) must go to the
 * account that wrote, never to an address the writer only claimed. What they typed is kept when it
 * differs, to be shown marked. A visitor's message keeps what was typed; nobody proved the address.
 */
import type { ContactLevel } from '@fm/contracts';
import type { CurrentUser } from '@fm/shared/auth';
import type { ContactInput } from './contact.schemas';
import type { ContactSubmission } from './contact-submission.model';

export type SenderFields = Pick<
  ContactSubmission,
  'name' | 'email' | 'memberId' | 'memberLevel' | 'emailVerified' | 'typedName' | 'typedEmail'
>;

/** "Ada  lovelace" and "ada Lovelace" are one name: a change of case or spacing is not another name. */
function sameName(a: string, b: string): boolean {
  const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}

/** The account's name as the site shows it: first and last name, empty when it has neither. */
export function accountName(member: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return [member.firstName, member.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/**
 * What a message stores of its sender. `sender`: the member of the session (ctx.state.viewer),
 * none for a visitor. An account with no name keeps the typed name as `name`, marked as typed.
 */
export function senderFields(input: ContactInput, sender?: CurrentUser): SenderFields {
  if (!sender) {
    return {
      name: input.name,
      email: input.email,
      memberId: null,
      memberLevel: null,
      emailVerified: null,
      typedName: null,
      typedEmail: null,
    };
  }
  const name = accountName(sender);
  return {
    name: name || input.name,
    email: sender.email,
    memberId: sender.id,
    memberLevel: sender.membershipLevel === 'premium' ? 'premium' : 'free',
    emailVerified: sender.emailVerified === true,
    typedName: name && sameName(name, input.name) ? null : input.name,
    // Addresses are compared without regard to case, as everywhere in contact.
    typedEmail: input.email.toLowerCase() === sender.email.trim().toLowerCase() ? null : input.email,
  };
}

const LEVEL_WORDS: Record<ContactLevel, string> = {
  premium: 'Premium member',
  free: 'Free member',
  visitor: 'Visitor',
};

/**
 * The sender's level and account state in words, for the founder's notification: "Premium member",
 * "Free member, address not verified", "Visitor, address not proven". `emailVerified` null for a
 * member: a message stored before the account's address was taken (its address is as typed).
 */
export function senderState(level: ContactLevel, emailVerified: boolean | null | undefined): string {
  if (level === 'visitor') return `${LEVEL_WORDS.visitor}, address not proven`;
  if (emailVerified === true) return LEVEL_WORDS[level];
  if (emailVerified === false) return `${LEVEL_WORDS[level]}, address not verified`;
  return `${LEVEL_WORDS[level]}, address as typed`;
}
