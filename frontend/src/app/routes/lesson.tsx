import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import { PageTitle } from '@/components/ui/page-title';
import { Skeleton } from '@/components/ui/skeleton';
import { VideoFacade } from '@/components/ui/video-facade';
import { paths } from '@/config/paths';
import { useGetLessonQuery } from '@/features/lessons/api/get-lesson';
import { isApiError } from '@/lib/base-query';

/** Fixed for every lesson (SPEC §2), not from the server. */
export const KEY_TAKEAWAYS = [
  'Apply these techniques during your next practice session',
  'Practice for 10 minutes daily for best results',
  'Be patient: mental skills take 2-4 weeks to develop',
  'Combine with your physical practice for maximum impact',
] as const;

/** /lesson/{id}: video, title, duration, description and Key Takeaways. */
export default function LessonPage() {
  const { id = '' } = useParams();
  const { data: lesson, isLoading, isError, error } = useGetLessonQuery(id);

  if (isLoading) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }} role="status" aria-busy="true" aria-label="Loading lesson">
        <PageTitle title="Lesson" />
        <Skeleton data-testid="lesson-skeleton" height="auto" sx={{ aspectRatio: '16 / 9', borderRadius: 3, mb: 4 }} />
        <Skeleton variant="text" width="60%" height={40} />
        <Skeleton variant="text" width={120} />
        <Skeleton variant="text" sx={{ mt: 3 }} />
        <Skeleton variant="text" width="90%" />
      </Container>
    );
  }

  if (isError || !lesson) {
    const missing = !isError || (isApiError(error) && error.status === 404);
    const locked = isApiError(error) && error.status === 403;
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 10, md: 14 }, textAlign: 'center' }}>
        <PageTitle title="Lesson not found" />
        <Typography variant="h1" sx={{ fontSize: 'clamp(2rem, 4vw, 2.6rem)', mb: 2 }}>
          Lesson not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {missing ? "This lesson doesn't exist." : 'Unable to load lesson. Please try again later.'}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button
            component={RouterLink}
            to={paths.lessons.getHref()}
            variant="contained"
            startIcon={<ArrowBackRoundedIcon />}
          >
            Back to Lessons
          </Button>
          {locked && (
            <Button component={RouterLink} to={paths.membership.getHref()} variant="outlined">
              Unlock with Premium
            </Button>
          )}
        </Box>
      </Container>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
      <PageTitle title={lesson.title} />
      <Button
        component={RouterLink}
        to={paths.lessons.getHref()}
        startIcon={<ArrowBackRoundedIcon />}
        sx={{ mb: 3, ml: -1 }}
      >
        All lessons
      </Button>
      {!lesson.locked && lesson.videoUrl ? (
        <VideoFacade url={lesson.videoUrl} title={lesson.title} />
      ) : (
        <Box
          sx={{
            aspectRatio: '16 / 9',
            borderRadius: 3,
            bgcolor: 'primary.dark',
            color: '#fff',
            display: 'grid',
            placeItems: 'center',
            p: 3,
          }}
        >
          <Typography>This lesson&apos;s video is not available.</Typography>
        </Box>
      )}
      <Box sx={{ mt: 4, mb: 3 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Chip
            size="small"
            label={lesson.category.charAt(0).toUpperCase() + lesson.category.slice(1)}
            sx={{ bgcolor: '#e3eee6', color: 'primary.main' }}
          />
          {lesson.isFree && (
            <Chip size="small" label="FREE" sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText' }} />
          )}
        </Box>
        <Typography variant="h1" sx={{ fontSize: 'clamp(2rem, 4vw, 2.8rem)', mb: 1.5 }}>
          {lesson.title}
        </Typography>
        <Typography color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <AccessTimeIcon fontSize="small" aria-hidden="true" />
          <span>{lesson.duration}</span>
        </Typography>
      </Box>
      <Typography variant="subtitle1" component="p" sx={{ mb: 5 }}>
        {lesson.description}
      </Typography>
      <Card component="section" aria-labelledby="takeaways-heading" sx={{ p: { xs: 3, md: 4 } }}>
        <Typography id="takeaways-heading" variant="h3" component="h2" sx={{ mb: 2.5 }}>
          Key Takeaways
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.75 }}>
          {KEY_TAKEAWAYS.map((text) => (
            <Box component="li" key={text} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <CheckCircleOutlineRoundedIcon aria-hidden="true" sx={{ color: 'success.main', mt: '2px' }} />
              <Typography component="span">{text}</Typography>
            </Box>
          ))}
        </Box>
      </Card>
    </Container>
  );
}
