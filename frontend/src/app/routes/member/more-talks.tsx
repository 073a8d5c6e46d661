import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MORE_TALKS } from '@/features/member/member-content';
import { useMemberPage } from '@/features/member/api/get-member-page';
import { ContentSkeleton, PremiumContent } from '@/features/member/components/premium-content';
import { useWithAppNames } from '@/features/member/lib/app-names';
import { VideoEmbed } from '@/components/ui/video-embed';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

/** /member/more-talks: the short talk "Pressure is an Opportunity" (Premium, from the content service). */
export default function MoreTalksPage() {
  const withAppNames = useWithAppNames();
  const page = useMemberPage('more-talks');
  return (
    <>
      <MemberPageHeader title={MORE_TALKS.title} subtitle={MORE_TALKS.subtitle} />
      <PremiumContent result={page} skeleton={<ContentSkeleton height={640} />}>
        {({ talks }) => (
          <Stack spacing={3}>
            {talks.map((talk) => (
              <Card key={talk.title} component="article" aria-label={talk.title} sx={{ borderRadius: 3 }}>
                <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
                  <Stack spacing={2} sx={{ maxWidth: 340, mx: 'auto' }}>
                    <VideoEmbed url={talk.videoUrl} title={talk.title} portrait />
                  </Stack>
                  <Typography variant="h4" component="h2" sx={{ mt: 2.5, textAlign: 'center' }}>
                    {talk.title}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary', mt: 1, textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
                    {withAppNames(talk.description)}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Stack>
        )}
      </PremiumContent>
    </>
  );
}
