import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import AllInclusiveRoundedIcon from '@mui/icons-material/AllInclusiveRounded';
import HeadphonesRoundedIcon from '@mui/icons-material/HeadphonesRounded';
import SupportAgentRoundedIcon from '@mui/icons-material/SupportAgentRounded';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import { FeatureBlurb } from '@/components/ui/feature-blurb';
import { FaqAccordion, type FaqItem } from '@/components/ui/faq-accordion';
import { PageHeader, Section, SectionHeading } from '@/components/ui/page-header';
import { PageTitle } from '@/components/ui/page-title';
import { Skeleton } from '@/components/ui/skeleton';
import { useSiteConfig, type SiteFacts } from '@/lib/site-config';
import { trialDaysOf, useOfferedTrialDays } from '@/lib/premium-plans';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useGetMembershipTiersQuery } from '@/features/membership-tiers/api/get-membership-tiers';
import { TierCard } from '@/features/membership-tiers/components/tier-card';

export const TIER_SKELETONS = 2;

/** The four reasons; the support promise's hours come from the site config (left out until it loads). */
const reasonsFor = (site: Pick<SiteFacts, 'premiumReplyTime'> | undefined) => [
  {
    title: 'The full library',
    text: 'Every lesson and all 12 member programme sections, with new content every month.',
    Icon: AllInclusiveRoundedIcon,
  },
  {
    title: 'Audio sessions',
    text: 'Guided visualizations and drills to use at home, on the range and before your round.',
    Icon: HeadphonesRoundedIcon,
  },
  {
    title: 'Priority support',
    text: site
      ? `Premium members get answers within ${site.premiumReplyTime}, plus downloadable worksheets.`
      : 'Premium members get answers first, plus downloadable worksheets.',
    Icon: SupportAgentRoundedIcon,
  },
  {
    title: 'Risk free',
    text: 'A 30-day money-back guarantee. Cancel any time and keep access until the end of the billing period.',
    Icon: VerifiedOutlinedIcon,
  },
];

export const MEMBERSHIP_FAQ: FaqItem[] = [
  {
    question: 'Can I cancel anytime?',
    answer:
      'Yes. You can cancel your Premium membership at any time and keep access until the end of your current billing period.',
  },
  {
    question: 'Is there a free trial?',
    answer:
      'Your first lesson and the basic programme are 100% free with no credit card required, so you can try the method before upgrading.',
  },
  {
    question: 'What payment methods do you accept?',
    answer:
      'We accept all major credit and debit cards through our secure payment provider. We never store your card details.',
  },
  {
    question: 'Is there a money-back guarantee?',
    answer:
      'Yes. If Premium is not for you, ask for a full refund on your account page within 30 days of your first payment.',
  },
  {
    question: 'How much time do I need each day?',
    answer:
      'About 10 minutes a day. Lessons last 8 to 15 minutes, and most members notice a difference within 2-4 weeks.',
  },
];

/** The FAQ; while the server offers a free trial (`trialDays` > 0) its question says so. */
function membershipFaq(trialDays: number): FaqItem[] {
  if (trialDays <= 0) return MEMBERSHIP_FAQ;
  const answer = `Yes. Premium starts with a ${trialDays}-day free trial, once per person: your card is collected but nothing is charged until the trial ends, and cancelling before then costs nothing. Your first lesson and the basic programme stay free without a card.`;
  return MEMBERSHIP_FAQ.map((item) => (item.question === 'Is there a free trial?' ? { ...item, answer } : item));
}

/** /membership: tier cards, Why Go Premium and a five-question FAQ (SPEC §2). */
export default function MembershipPage() {
  const { data: tiers, isLoading, isError } = useGetMembershipTiersQuery();
  const { isAuthenticated, isPremium } = useCurrentUser();
  const site = useSiteConfig();
  // The trial is offered only to whom the server would give it (Free, never trialed, not Premium).
  const trialDays = useOfferedTrialDays({ isAuthenticated, isPremium });

  return (
    <>
      <PageTitle title="Membership" />
      <PageHeader
        overline="Membership"
        title="Choose how you train your mental game"
        lead="Start free, go Premium when you want the full programme. No contracts, cancel any time."
      />
      <Container maxWidth="md" sx={{ pb: { xs: 8, md: 11 } }}>
        {isLoading ? (
          <Box sx={tierGrid} role="status" aria-busy="true" aria-label="Loading membership plans">
            {Array.from({ length: TIER_SKELETONS }, (_, i) => (
              <Card key={i} data-testid="tier-skeleton" sx={{ p: 4 }}>
                <Skeleton variant="text" width="40%" height={32} />
                <Skeleton variant="text" width="55%" height={52} sx={{ mb: 3 }} />
                {Array.from({ length: 4 }, (_, j) => (
                  <Skeleton key={j} variant="text" width={`${85 - j * 8}%`} />
                ))}
                <Skeleton height={48} sx={{ mt: 4, borderRadius: 999 }} />
              </Card>
            ))}
          </Box>
        ) : isError ? (
          <Typography role="alert" color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
            Unable to load membership plans. Please try again later.
          </Typography>
        ) : !tiers?.length ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
            Membership plans are coming soon.
          </Typography>
        ) : (
          <Box component="ul" sx={{ ...tierGrid, listStyle: 'none', m: 0, p: 0 }}>
            {tiers.map((tier) => (
              <li key={tier.id}>
                <TierCard tier={tier} isAuthenticated={isAuthenticated} trialDays={trialDays} />
              </li>
            ))}
          </Box>
        )}
      </Container>

      <Section tone="paper" labelledBy="why-premium-heading">
        <SectionHeading id="why-premium-heading" overline="Premium" title="Why Go Premium?" />
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          }}
        >
          {reasonsFor(site).map(({ title, text, Icon }) => (
            <Box key={title}>
              <FeatureBlurb Icon={Icon} title={title} text={text} />
            </Box>
          ))}
        </Box>
      </Section>

      <Section labelledBy="membership-faq-heading" maxWidth="md">
        <SectionHeading id="membership-faq-heading" overline="FAQ" title="Frequently asked questions" />
        <FaqAccordion items={membershipFaq(trialDaysOf(site))} />
      </Section>
    </>
  );
}

const tierGrid = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
  alignItems: 'stretch',
} as const;
