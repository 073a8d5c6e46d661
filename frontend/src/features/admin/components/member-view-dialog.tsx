import { useId } from 'react';
import type { AdminMember } from '@fm/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { MemberBillingPanel } from '@/features/admin/components/member-billing-panel';
import { MemberPracticePanel } from '@/features/admin/components/practice-figures';
import { formatDateTime } from '@/features/admin/format';

export const memberName = (m: AdminMember) =>
  [m.firstName, m.lastName]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');

/** The console's view of one member, opened from the Members list: who they are, their practice and their billing. */
export function MemberViewDialog({ member, onClose }: { member: AdminMember; onClose: () => void }) {
  const titleId = useId();
  const name = memberName(member);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{name ? `${name} (${member.email})` : member.email}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {member.membershipLevel === 'premium' ? 'Premium' : 'Free'} member since {formatDateTime(member.createdAt)}.
        </Typography>
        <MemberPracticePanel memberId={member.id} />
        <MemberBillingPanel memberId={member.id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
