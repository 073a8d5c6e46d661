import Button from '@mui/material/Button';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import { useToast } from '@/components/toast/use-toast';
import { useExportUserDataMutation } from '@/features/auth/api/export-user-data';
import { authFailureMessage } from '@/features/auth/components/auth-messages';
import { AccountSection } from '@/features/auth/components/account-section';

/** Account page, "Your data": a JSON file of everything we hold about the member. */
export function DownloadMyData() {
  const [exportData, { isLoading }] = useExportUserDataMutation();
  const { toast } = useToast();

  const onClick = async () => {
    try {
      await exportData().unwrap();
    } catch (error) {
      toast({
        title: 'Error',
        description: authFailureMessage(error, 'Failed to download your data', 'Failed to download your data'),
        variant: 'destructive',
      });
    }
  };

  return (
    <AccountSection
      title="Your data"
      description="A JSON file with your profile, courses, likes and favorites, subscription, coaching bookings and the messages you sent us."
    >
      <Button variant="outlined" startIcon={<DownloadRounded />} onClick={() => void onClick()} disabled={isLoading}>
        {isLoading ? 'Preparing download...' : 'Download my data'}
      </Button>
    </AccountSection>
  );
}
