import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import VideoCallRounded from '@mui/icons-material/VideoCallRounded';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import { useToast } from '@/components/toast/use-toast';
import { plansInBrief, trialReturnToast } from '@/lib/premium-plans';
import { useSiteConfig, useSiteConfigState } from '@/lib/site-config';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { DeleteAccountSection } from '@/features/auth/components/delete-account-section';
import { AccountSection } from '@/features/auth/components/account-section';
import { DownloadMyData } from '@/features/auth/components/download-my-data';
import { NewsletterPreference } from '@/features/auth/components/newsletter-preference';
import { ProfileForm } from '@/features/auth/components/profile-form';
import { SignOutEverywhere } from '@/features/auth/components/sign-out-everywhere';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { YourMessages } from '@/features/contact/components/your-messages';
import { useSyncBillingMutation } from '@/features/billing/api/sync-billing';
import { BillingHistory } from '@/features/billing/components/billing-history';
import { CoachingBookings } from '@/features/billing/components/coaching-bookings';
import { MoneyBackGuarantee } from '@/features/billing/components/money-back-guarantee';
import { premiumBenefits } from '@/features/billing/components/order-summary';
import { PastDueBanner } from '@/features/billing/components/past-due-banner';
import { SubscriptionPanel } from '@/features/billing/components/subscription-panel';
import { CommunityForumCard } from '@/features/member/components/community-forum-card';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';
import { FreeMemberPractice } from '@/app/routes/member/member-practice';
import { useSignOut } from '@/app/routes/member/use-sign-out';

// Below the fold: its code loads after the page (the account page's chunk stays as it was).
const PracticeSettingsSection = lazy(() =>
  import('@/features/practice/components/practice-settings').then((m) => ({ default: m.PracticeSettingsSection })),
);

const NOT_PROVIDED = 'Not provided';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="overline" component="dt" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * Shows the toast of a successful payment once, confirms a new subscription with billing (so
 * Premium shows even if Stripe's webhook is late) and resets the address to /member/account.
 * Answers whether the page opened on a coaching return (a new booking is on its way).
 */
function usePaymentReturn(): { bookingExpected: boolean } {
  const [params] = useSearchParams();
  // Read once: the address is reset right away, the page stays.
  const [bookingExpected] = useState(() => params.get('coaching') === 'success');
  const navigate = useNavigate();
  const { toast } = useToast();
  const { refetch } = useCurrentUser();
  const site = useSiteConfig();
  const { isLoading: siteLoading } = useSiteConfigState();
  const [syncBilling] = useSyncBillingMutation();
  const handled = useRef<string | null>(null);
  const payment = params.get('payment');
  const coaching = params.get('coaching');

  useEffect(() => {
    const key = `${payment}|${coaching}`;
    if (payment !== 'success' && coaching !== 'success') return;
    if (handled.current === key) return;
    // The texts name the product and the session length: wait for the site config (the app
    // shell has it before any page renders); if it failed, say it without them.
    if (siteLoading) return;
    handled.current = key;

    if (payment === 'success' && params.has('setup_intent')) {
      // Back from the free trial's card form (Stripe adds setup_intent): Premium only once the
      // server found the card saved at Stripe; said after it answered.
      syncBilling()
        .unwrap()
        .then((answer) => toast(trialReturnToast(answer)))
        .catch((error: unknown) => console.error('Billing sync failed', error))
        .finally(() => void refetch());
    } else if (payment === 'success') {
      toast({
        title: 'Welcome to Premium!',
        description: site
          ? `Your subscription is now active. Enjoy full access to all ${site.productName} content.`
          : 'Your subscription is now active.',
      });
      syncBilling()
        .unwrap()
        .catch((error: unknown) => console.error('Billing sync failed', error))
        .finally(() => void refetch());
    } else {
      toast({
        title: 'Coaching Session Booked!',
        description: `Your payment was successful. You'll receive an email shortly to schedule your ${
          site ? `${site.coachingSessionMinutes}-minute ` : ''
        }session.`,
      });
    }
    navigate(paths.member.account.getHref(), { replace: true });
  }, [payment, coaching, params, site, siteLoading, toast, syncBilling, refetch, navigate]);
  return { bookingExpected };
}

/**
 * /member/account: Your Account (SPEC §2), and the member's own account tools (issue 12):
 * Profile, Password, Sessions, Your data and Delete account; billing (issue 13): the past-due
 * banner, billing history (invoices) and coaching sessions. A Free member, whom SPEC sends here
 * from member home, gets the practice card at the top (issue 47 §7); a Premium member has it on
 * member home and not here.
 */
export default function AccountPage() {
  const { bookingExpected } = usePaymentReturn();
  const { user, isPremium } = useCurrentUser();
  const { signOut, loggingOut, confirmUnsentRounds, dialog: unsentRoundsDialog } = useSignOut();
  const site = useSiteConfig();
  const name = [user?.firstName, user?.lastName]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');
  const initials = (name || user?.email || '?')
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

  return (
    <>
      <MemberPageHeader title="Your Account" subtitle="Your profile, membership and billing." />
      <VerifyEmailBanner />
      <PastDueBanner />
      {!isPremium && (
        <Box sx={{ mb: 3 }}>
          <FreeMemberPractice />
        </Box>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <Stack spacing={3}>
          <Card sx={{ borderRadius: 3 }}>
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
                <Avatar
                  sx={{ width: 56, height: 56, bgcolor: 'primary.main', color: 'secondary.light', fontWeight: 700 }}
                >
                  {initials}
                </Avatar>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="h4" component="h2" noWrap>
                    {name || 'Golfer'}
                  </Typography>
                  <Chip
                    size="small"
                    icon={isPremium ? <WorkspacePremiumRounded /> : undefined}
                    label={isPremium ? 'Premium' : 'Free'}
                    aria-label={`Membership: ${isPremium ? 'Premium' : 'Free'}`}
                    sx={
                      isPremium
                        ? {
                            mt: 0.5,
                            bgcolor: 'secondary.light',
                            color: 'primary.dark',
                            '& .MuiChip-icon': { color: 'primary.dark' },
                          }
                        : { mt: 0.5 }
                    }
                  />
                </Box>
              </Stack>
              <Box
                component="dl"
                sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, m: 0 }}
              >
                <Field label="Name" value={name || NOT_PROVIDED} />
                <Field label="Email" value={user?.email?.trim() || NOT_PROVIDED} />
              </Box>
              {isPremium && (
                <>
                  <Divider sx={{ my: 3 }} />
                  <SubscriptionPanel />
                </>
              )}
              <Divider sx={{ my: 3 }} />
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<LogoutRounded />}
                onClick={() => void signOut()}
                disabled={loggingOut}
              >
                Log Out
              </Button>
              {unsentRoundsDialog}
            </CardContent>
          </Card>
          <MoneyBackGuarantee />
          <Suspense fallback={null}>
            <PracticeSettingsSection />
          </Suspense>
          <AccountSection title="Billing history" description="Your Premium membership invoices, newest first.">
            <BillingHistory />
          </AccountSection>
          <AccountSection title="Coaching sessions">
            <CoachingBookings expectingNew={bookingExpected} />
          </AccountSection>
          <AccountSection title="Your messages">
            <YourMessages />
          </AccountSection>
          {user && <ProfileForm key={user.id} user={user} />}
          {user && <NewsletterPreference user={user} />}
          <ChangePasswordForm />
          <SignOutEverywhere confirm={confirmUnsentRounds} />
          <DownloadMyData />
          <DeleteAccountSection />
        </Stack>

        <Stack spacing={3}>
          {!isPremium && (
            <Card
              component="section"
              aria-labelledby="upgrade-heading"
              sx={(theme) => ({
                borderRadius: 3,
                color: 'primary.contrastText',
                background: `linear-gradient(145deg, ${theme.palette.primary.dark}, ${theme.palette.primary.main})`,
              })}
            >
              <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
                <Typography id="upgrade-heading" variant="h4" component="h2" sx={{ color: 'inherit' }}>
                  Go Premium
                </Typography>
                <Typography sx={{ opacity: 0.85, mt: 0.5 }}>
                  {site ? `${plansInBrief(site)} Cancel anytime.` : 'Cancel anytime.'}
                </Typography>
                <List dense sx={{ my: 1.5 }}>
                  {premiumBenefits(site).map((benefit) => (
                    <ListItem key={benefit} disableGutters sx={{ alignItems: 'flex-start' }}>
                      <ListItemIcon sx={{ minWidth: 30, mt: 0.5 }}>
                        <CheckCircleRounded fontSize="small" sx={{ color: 'secondary.light' }} />
                      </ListItemIcon>
                      <ListItemText primary={benefit} />
                    </ListItem>
                  ))}
                </List>
                <Button
                  component={RouterLink}
                  to={paths.checkout.getHref()}
                  variant="contained"
                  color="secondary"
                  fullWidth
                  size="large"
                  startIcon={<WorkspacePremiumRounded />}
                >
                  Upgrade to Premium
                </Button>
              </CardContent>
            </Card>
          )}
          <Card sx={{ borderRadius: 3 }}>
            <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
                <VideoCallRounded color="primary" />
                <Typography variant="h5" component="h2">
                  1 on 1 Coaching
                </Typography>
              </Stack>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                {site
                  ? `A private ${site.coachingSessionMinutes}-minute session with ${site.founderName} for ${site.coachingPrice}, one-time.`
                  : 'A private one-on-one session, one-time.'}
              </Typography>
              <Button component={RouterLink} to={paths.coaching.getHref()} variant="outlined">
                Learn about coaching
              </Button>
            </CardContent>
          </Card>
          <CommunityForumCard />
        </Stack>
      </Box>
    </>
  );
}
