import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { FaqAccordion, type FaqItem } from '@/components/ui/faq-accordion';
import { PageHeader } from '@/components/ui/page-header';
import { PageTitle } from '@/components/ui/page-title';
import { useSiteConfig, type SiteFacts } from '@/lib/site-config';
import { paths } from '@/config/paths';

type FaqFacts = Pick<
  SiteFacts,
  'productName' | 'supportEmail' | 'coachingSessionMinutes' | 'freeReplyTime' | 'premiumReplyTime'
>;

/**
 * The four groups; the product name, support address, session length and reply times come from
 * the site config. Without it (it failed to load) the answers leave those facts out and "What is …?" waits.
 */
export const faqGroups = ({
  productName: name,
  supportEmail,
  coachingSessionMinutes,
  freeReplyTime,
  premiumReplyTime,
}: Partial<FaqFacts> = {}): {
  title: string;
  items: FaqItem[];
}[] => [
  {
    title: 'General',
    items: [
      ...(name
        ? [
            {
              question: `What is ${name}?`,
              answer: `${name} teaches golfers the mental game (confidence, composure and concentration) through short video lessons, audio sessions and daily drills.`,
            },
          ]
        : []),
      {
        question: 'Who is it for?',
        answer:
          'Golfers of every level, from beginners to low handicappers, who want to play under pressure the way they play in practice.',
      },
      {
        question: 'How long until I see results?',
        answer: 'With about 10 minutes of practice a day, most members notice a difference within 2-4 weeks.',
      },
    ],
  },
  {
    title: 'Technical',
    items: [
      {
        question: 'Which devices can I use?',
        answer: `${name} works in any modern browser on your phone, tablet or computer. Nothing to install.`,
      },
      {
        question: 'Do I need special equipment?',
        answer: 'No. Headphones help with the audio sessions, but everything else needs only you and your usual clubs.',
      },
      {
        question: 'A video will not play. What can I do?',
        answer:
          'Refresh the page and check your connection. If it still does not play, contact us and tell us which lesson and device.',
      },
    ],
  },
  {
    title: 'Membership',
    items: [
      {
        question: 'What is the difference between Free and Premium?',
        answer:
          'Free gives you the first lesson, a basic programme, the community forum and our newsletter. Premium unlocks the full lesson library, all 12 programme sections, audio sessions and worksheets.',
      },
      {
        question: 'Can I cancel anytime?',
        answer: 'Yes. Cancel whenever you like and keep access until the end of your billing period.',
      },
      {
        question: 'Is there a money-back guarantee?',
        answer:
          'Yes, 30 days. If Premium is not for you, ask for a full refund on your account page within 30 days of your first payment.',
      },
    ],
  },
  {
    title: 'Support',
    items: [
      {
        question: 'How do I contact support?',
        answer: supportEmail ? `Use the contact form or e-mail ${supportEmail}.` : 'Use the contact form.',
      },
      {
        question: 'How quickly will I get an answer?',
        answer:
          freeReplyTime && premiumReplyTime
            ? `Free members hear back within ${freeReplyTime}; Premium members get priority support within ${premiumReplyTime}.`
            : 'Every message gets an answer; Premium members get priority support.',
      },
      {
        question: 'Can I book one-on-one coaching?',
        answer: `Yes. A ${coachingSessionMinutes ? `${coachingSessionMinutes}-minute ` : ''}one-on-one session with our founder is available as a one-time booking.`,
      },
    ],
  },
];

/** /faq: four groups of single-open questions and a Contact Us link (SPEC §2). */
export default function FaqPage() {
  const site = useSiteConfig();
  return (
    <>
      <PageTitle title="FAQ" />
      <PageHeader
        overline="Help centre"
        title="Frequently asked questions"
        lead="Everything you need to know about the programme, your membership and getting help."
      />
      <Container maxWidth="md" sx={{ pb: { xs: 8, md: 12 } }}>
        <Box sx={{ display: 'grid', gap: { xs: 5, md: 7 } }}>
          {faqGroups(site).map((group) => {
            const headingId = `faq-${group.title.toLowerCase()}`;
            return (
              <Box component="section" key={group.title} aria-labelledby={headingId}>
                <Typography id={headingId} variant="h3" component="h2" sx={{ mb: 1 }}>
                  {group.title}
                </Typography>
                <FaqAccordion items={group.items} />
              </Box>
            );
          })}
        </Box>
        <Box
          sx={{
            mt: 8,
            p: { xs: 3, md: 5 },
            borderRadius: 4,
            bgcolor: 'background.paper',
            border: '1px solid',
            borderColor: 'divider',
            textAlign: 'center',
          }}
        >
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            Still have questions?
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            We&apos;re here to help you get the most out of your training.
          </Typography>
          <Button component={RouterLink} to={paths.contact.getHref()} variant="contained" size="large">
            Contact Us
          </Button>
        </Box>
      </Container>
    </>
  );
}
