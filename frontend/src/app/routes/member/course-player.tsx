import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { AudioPlayer } from '@/features/audio/components/audio-player';
import { useGetCourseQuery } from '@/features/courses/api/get-course';
import { clubAudioUrl } from '@/features/courses/clubs';
import { CoursePlayer } from '@/features/courses/components/course-player';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useGetBagQuery } from '@/features/courses/api/rounds';
import { BagEditor } from '@/features/courses/components/bag-editor';
import { PreRoundCardLink } from '@/features/courses/components/pre-round-card-link';
import { RoundHistory } from '@/features/courses/components/round-history';
import { useRoundOutbox } from '@/features/courses/round/use-round-outbox';
import { CourseOfflineControl } from '@/features/courses/offline/course-offline-control';
import { updatePlayerServiceWorker } from '@/features/courses/offline/player-service-worker';
import { ServiceWorkerUpdatePrompt } from '@/features/courses/offline/service-worker-update-prompt';
import { useOnline } from '@/lib/use-online';
import { CoursePlayerSos, sosOfflineItems } from '@/app/routes/member/course-player-sos';

const backButton = (
  <Button
    component={RouterLink}
    to={paths.member.myCourses.getHref()}
    startIcon={<ArrowBackRounded />}
    variant="outlined"
  >
    Back to My Courses
  </Button>
);

/** /member/course-player/:id. */
export default function CoursePlayerPage() {
  const { id = '' } = useParams();
  const { data: course, isLoading, isError } = useGetCourseQuery(id, { skip: !id });
  const { user, isPremium } = useCurrentUser();
  const userId = user?.id ?? 'anonymous';
  const { data: bag } = useGetBagQuery();
  const outbox = useRoundOutbox(userId);
  const online = useOnline();
  // A member who made a course ready once: the offline player is kept up to date.
  useEffect(() => {
    void updatePlayerServiceWorker();
  }, []);

  if (isLoading) {
    return (
      <Stack spacing={3} role="status" aria-busy="true" aria-label="Loading course">
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }

  if ((isError || !course) && !online) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center', borderRadius: 3 }}>
        <PageTitle title="You're offline" />
        <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
          You're offline
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>
          This course is not on this device. Open it with a connection and tap "Ready for the course" to play it without
          one.
        </Typography>
        {backButton}
      </Paper>
    );
  }

  if (isError || !course) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center', borderRadius: 3 }}>
        <PageTitle title="Course not found" />
        <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
          Course not found
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>
          This course does not exist, or it is private to another member.
        </Typography>
        {backButton}
      </Paper>
    );
  }

  return (
    <Stack spacing={2}>
      <PageTitle title={course.name} />
      <ServiceWorkerUpdatePrompt />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to={paths.member.myCourses.getHref()}
          startIcon={<ArrowBackRounded />}
          size="small"
        >
          My Courses
        </Button>
        <PreRoundCardLink courseId={course.id} />
      </Stack>
      <CoursePlayer
        key={`${userId}:${course.id}`}
        course={course}
        userId={userId}
        bagIds={bag?.clubIds}
        onFinish={outbox.finish}
        tools={
          <>
            <BagEditor />
            <CoursePlayerSos isPremium={isPremium} />
            {user && (
              <CourseOfflineControl
                courseId={course.id}
                courseName={course.name}
                memberId={user.id}
                premiumItems={isPremium ? sosOfflineItems : undefined}
                refreshWhenOnline
              />
            )}
          </>
        }
        renderClubAudio={(club, autoPlayKey) => (
          <AudioPlayer src={clubAudioUrl(club.id)} autoPlayTrigger={autoPlayKey} />
        )}
      />
      {outbox.pending > 0 && (
        <Typography role="status" sx={{ color: 'text.secondary' }}>
          {outbox.pending === 1 ? '1 round' : `${outbox.pending} rounds`} waiting for signal to be saved.
        </Typography>
      )}
      <RoundHistory />
    </Stack>
  );
}
