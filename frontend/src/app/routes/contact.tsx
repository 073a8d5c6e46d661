import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import { PageHeader } from '@/components/ui/page-header';
import { PageTitle } from '@/components/ui/page-title';
import { useSiteConfig } from '@/lib/site-config';
import { ContactForm } from '@/features/contact/components/contact-form';

/** /contact: the form, the support address and response times (SPEC §2). */
export default function ContactPage() {
  const site = useSiteConfig();
  const supportEmail = site?.supportEmail;
  return (
    <>
      <PageTitle title="Contact" />
      <PageHeader
        overline="Contact"
        title="Get in Touch"
        lead="Questions about the programme, your membership or coaching? Send us a message and we'll get back to you."
      />
      <Container maxWidth="lg" sx={{ pb: { xs: 8, md: 12 } }}>
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1.5fr 1fr' }, alignItems: 'start' }}>
          <Card component="section" aria-labelledby="contact-form-heading" sx={{ p: { xs: 3, md: 5 } }}>
            <Typography id="contact-form-heading" variant="h3" component="h2" sx={{ mb: 3 }}>
              Send us a message
            </Typography>
            <ContactForm />
          </Card>
          <Box sx={{ display: 'grid', gap: 3 }}>
            <Card component="section" aria-labelledby="direct-heading" sx={{ p: 3.5 }}>
              <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
                <MailOutlinedIcon color="primary" aria-hidden="true" />
                <Typography id="direct-heading" variant="h5" component="h2">
                  Direct support
                </Typography>
              </Box>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                Prefer e-mail? Write to us at
              </Typography>
              {supportEmail && (
                <Link href={`mailto:${supportEmail}`} sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
                  {supportEmail}
                </Link>
              )}
            </Card>
            <Card component="section" aria-labelledby="response-heading" sx={{ p: 3.5 }}>
              <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 2 }}>
                <ScheduleRoundedIcon color="primary" aria-hidden="true" />
                <Typography id="response-heading" variant="h5" component="h2">
                  Response Times
                </Typography>
              </Box>
              <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2 }}>
                <div>
                  <Typography component="dt" sx={{ fontWeight: 700 }}>
                    Free members
                  </Typography>
                  <Typography component="dd" color="text.secondary" sx={{ m: 0 }}>
                    {site ? site.freeReplyTime : 'We answer every message'}
                  </Typography>
                </div>
                <div>
                  <Typography component="dt" sx={{ fontWeight: 700 }}>
                    Premium members
                  </Typography>
                  <Typography component="dd" color="text.secondary" sx={{ m: 0 }}>
                    {site ? `Priority support within ${site.premiumReplyTime}` : 'Priority support'}
                  </Typography>
                </div>
              </Box>
            </Card>
          </Box>
        </Box>
      </Container>
    </>
  );
}
