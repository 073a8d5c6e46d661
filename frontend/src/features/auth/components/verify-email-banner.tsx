import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import MarkEmailUnreadRounded from '@mui/icons-material/MarkEmailUnreadRounded';
import { useToast } from '@/components/toast/use-toast';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useResendVerificationEmailMutation } from '@/features/auth/api/resend-verification-email';
import { authFailureMessage } from '@/features/auth/components/auth-messages';

export const VERIFY_EMAIL_TITLE = 'Verify your email';
const RESEND_FAILED = 'Failed to send the verification email';

/**
 * On the account page until the member has opened the link of the verification mail: names the
 * address and sends a new link ("Resend", 3 per hour; the server's message when throttled).
 */
export function VerifyEmailBanner() {
  const { user } = useCurrentUser();
  const [resend, { isLoading }] = useResendVerificationEmailMutation();
  const { toast } = useToast();
  if (!user || user.emailVerified) return null;

  const onResend = async () => {
    try {
      await resend().unwrap();
    } catch (error) {
      toast({
        title: 'Error',
        description: authFailureMessage(error, RESEND_FAILED, RESEND_FAILED),
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: 'Verification email sent',
      description: `We sent a new link to ${user.email}. It works for 24 hours.`,
    });
  };

  return (
    <Alert severity="info" icon={<MarkEmailUnreadRounded />} sx={{ mb: 3, borderRadius: 3 }}>
      <AlertTitle sx={{ fontWeight: 700 }}>{VERIFY_EMAIL_TITLE}</AlertTitle>
      <Typography variant="body2">
        We sent a link to <strong>{user.email}</strong>. Open it to confirm this address is yours. No mail? Check your
        spam folder or send a new link.
      </Typography>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        onClick={() => void onResend()}
        disabled={isLoading}
        sx={{ mt: 1.5 }}
      >
        {isLoading ? 'Sending...' : 'Resend'}
      </Button>
    </Alert>
  );
}
