import type { AdminContactMessage } from '@fm/contracts';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/**
 * Who wrote, as the inbox says it: a member's account ("Signed in as …", the address replies go
 * to), or a visitor, whose address nobody proved. A member's message stored before the account's
 * address was taken carries the typed one.
 */
export function senderLine(m: Pick<AdminContactMessage, 'memberId' | 'emailVerified' | 'email'>): string {
  if (!m.memberId) return 'Visitor (address not proven)';
  if (m.emailVerified === null) return 'Signed in; address as typed (sent before accounts were checked)';
  return `Signed in as ${m.email}${m.emailVerified ? '' : ' (address not verified)'}`;
}

/**
 * The inbox's "From": the name and address replies go to, who wrote, and what a member typed in the
 * form when it was not their account's (marked, and no mail link: replies never go there).
 */
export function InboxSender({ message: m }: { message: AdminContactMessage }) {
  return (
    <>
      <Typography variant="body2">{m.name}</Typography>
      <Link href={`mailto:${m.email}`} variant="caption">
        {m.email}
      </Link>
      <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
        {senderLine(m)}
      </Typography>
      {m.typedName && (
        <Typography variant="caption" sx={{ display: 'block', color: 'warning.dark', overflowWrap: 'anywhere' }}>
          Typed name: {m.typedName} (typed, not the account&apos;s)
        </Typography>
      )}
      {m.typedEmail && (
        <Typography variant="caption" sx={{ display: 'block', color: 'warning.dark', overflowWrap: 'anywhere' }}>
          Typed address: {m.typedEmail} (typed, not the account&apos;s)
        </Typography>
      )}
    </>
  );
}
