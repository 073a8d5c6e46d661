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

  if (isLoading) {
    return (
      <Stack spacing={3} role="status" aria-busy="true" aria-label="Loading course">
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
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
      <div>
        <Button
          component={RouterLink}
          to={paths.member.myCourses.getHref()}
          startIcon={<ArrowBackRounded />}
          size="small"
        >
          My Courses
        </Button>
      </div>
      <CoursePlayer
        key={course.id}
        course={course}
        renderClubAudio={(club, autoPlayKey) => (
          <AudioPlayer src={clubAudioUrl(club.id)} autoPlayTrigger={autoPlayKey} />
        )}
      />
    </Stack>
  );
}
