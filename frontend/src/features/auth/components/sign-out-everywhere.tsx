import Button from '@mui/material/Button';
import DevicesRounded from '@mui/icons-material/DevicesRounded';
import { useToast } from '@/components/toast/use-toast';
import { paths } from '@/config/paths';
import { useLogoutAllDevicesMutation } from '@/features/auth/api/logout-all-devices';
import { useEndSession } from '@/features/auth/api/use-end-session';
import { authFailureMessage } from '@/features/auth/components/auth-messages';
import { AccountSection } from '@/features/auth/components/account-section';

type SignOutEverywhereProps = {
  /** Asked first (the page's check for rounds not sent yet); false keeps the member signed in. */
  confirm?: () => Promise<boolean>;
};

/** Account page, "Sessions": sign out of every device, this one too; then /login with a toast. */
export function SignOutEverywhere({ confirm }: SignOutEverywhereProps = {}) {
  const [logoutAll, { isLoading }] = useLogoutAllDevicesMutation();
  const endSession = useEndSession();
  const { toast } = useToast();

  const onClick = async () => {
    if (confirm && !(await confirm())) return;
    try {
      await logoutAll().unwrap();
    } catch (error) {
      toast({
        title: 'Error',
        description: authFailureMessage(
          error,
          'Failed to sign out of all devices',
          'Failed to sign out of all devices',
        ),
        variant: 'destructive',
      });
      return;
    }
    endSession(paths.login.getHref(), {
      title: 'Signed out of all devices',
      description: 'Log in again to continue.',
    });
  };

  return (
    <AccountSection
      title="Sessions"
      description="Lost a phone or used a shared computer? End every session of your account, this one included."
    >
      <Button variant="outlined" startIcon={<DevicesRounded />} onClick={() => void onClick()} disabled={isLoading}>
        {isLoading ? 'Signing out...' : 'Sign out of all devices'}
      </Button>
    </AccountSection>
  );
}
