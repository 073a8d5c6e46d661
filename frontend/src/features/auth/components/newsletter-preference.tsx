import type { User } from '@fm/contracts';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useToast } from '@/components/toast/use-toast';
import { useUpdateNewsletterMutation } from '@/features/auth/api/update-newsletter';
import { authFailureMessage } from '@/features/auth/components/auth-messages';
import { AccountSection } from '@/features/auth/components/account-section';

export const NEWSLETTER_LABEL = 'Send me the monthly newsletter';
export const VERIFIED_ONLY_TEXT =
  'Only verified addresses receive the newsletter: open the link of our verification mail to start getting it.';
const FAILED = 'Failed to update your newsletter choice';

/**
 * Account page, "Newsletter" (issue 29): the monthly newsletter switch (a labelled role="switch"
 * checkbox) → PATCH /api/auth/user {newsletter}; the switch shows the server's answer. A member
 * whose address is not verified yet is told that only verified addresses receive it.
 */
export function NewsletterPreference({ user }: { user: Pick<User, 'newsletter' | 'emailVerified'> }) {
  const [update, { isLoading, originalArgs }] = useUpdateNewsletterMutation();
  const { toast } = useToast();
  // While saving, the switch shows what the member chose; afterwards the server's answer.
  const checked = isLoading && originalArgs ? originalArgs.newsletter : user.newsletter;

  const onChange = async (newsletter: boolean) => {
    try {
      await update({ newsletter }).unwrap();
    } catch (error) {
      toast({ title: 'Error', description: authFailureMessage(error, FAILED, FAILED), variant: 'destructive' });
      return;
    }
    toast({
      title: newsletter ? 'Subscribed to the newsletter' : 'Unsubscribed from the newsletter',
      description: newsletter
        ? 'You will receive our monthly newsletter.'
        : 'You will no longer receive our monthly newsletter.',
    });
  };

  return (
    <AccountSection
      title="Newsletter"
      description="One mail a month: what is new in the programme and a mental game tip. Unsubscribe at any time."
    >
      <FormControlLabel
        control={
          <Switch
            id="account-newsletter"
            checked={checked}
            disabled={isLoading}
            onChange={(event) => void onChange(event.target.checked)}
          />
        }
        label={NEWSLETTER_LABEL}
      />
      {!user.emailVerified && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {VERIFIED_ONLY_TEXT}
        </Typography>
      )}
    </AccountSection>
  );
}
