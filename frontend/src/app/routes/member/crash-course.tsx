import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CRASH_COURSE } from '@/features/member/member-content';
import { useMemberPage } from '@/features/member/api/get-member-page';
import { ContentSkeleton, PremiumContent } from '@/features/member/components/premium-content';
import { useWithAppNames } from '@/features/member/lib/app-names';
import { VideoEmbed } from '@/components/ui/video-embed';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

/** /member/crash-course: one embedded video and intro text (Premium, from the content service). */
export default function CrashCoursePage() {
  const withAppNames = useWithAppNames();
  const page = useMemberPage('crash-course');
  return (
    <>
      <MemberPageHeader title={CRASH_COURSE.title} subtitle={CRASH_COURSE.subtitle} />
      <PremiumContent
        result={page}
        skeleton={
          <>
            <ContentSkeleton sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
            <ContentSkeleton height={220} />
          </>
        }
      >
        {({ videoUrl, paragraphs }) => (
          <Stack spacing={3}>
            <VideoEmbed url={videoUrl} title={CRASH_COURSE.title} />
            <Card sx={{ borderRadius: 3 }}>
              <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
                <Stack spacing={2}>
                  {paragraphs.map((paragraph) => (
                    <Typography key={paragraph}>{withAppNames(paragraph)}</Typography>
                  ))}
                </Stack>
              </CardContent>
            </Card>
          </Stack>
        )}
      </PremiumContent>
    </>
  );
}
