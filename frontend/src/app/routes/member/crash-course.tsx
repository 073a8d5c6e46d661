import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CRASH_COURSE } from '@/features/member/member-content';
import { VideoEmbed } from '@/components/ui/video-embed';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

/** /member/crash-course: one embedded video and intro text. */
export default function CrashCoursePage() {
  return (
    <>
      <MemberPageHeader title={CRASH_COURSE.title} subtitle={CRASH_COURSE.subtitle} />
      <Stack spacing={3}>
        <VideoEmbed url={CRASH_COURSE.videoUrl} title={CRASH_COURSE.title} />
        <Card sx={{ borderRadius: 3 }}>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Stack spacing={2}>
              {CRASH_COURSE.intro.map((paragraph) => (
                <Typography key={paragraph}>{paragraph}</Typography>
              ))}
            </Stack>
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}
