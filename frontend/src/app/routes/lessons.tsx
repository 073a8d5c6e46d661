import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageHeader } from '@/components/ui/page-header';
import { PageTitle } from '@/components/ui/page-title';
import { Skeleton } from '@/components/ui/skeleton';
import { useGetLessonsQuery } from '@/features/lessons/api/get-lessons';
import { LessonCard } from '@/features/lessons/components/lesson-card';

export const LESSON_SKELETONS = 6;

const grid = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
} as const;

/** /lessons: every lesson as a card (SPEC §2); 6 skeletons while loading. */
export default function LessonsPage() {
  const { data, isLoading, isError } = useGetLessonsQuery();
  return (
    <>
      <PageTitle title="Lessons" />
      <PageHeader
        overline="Lesson library"
        title="Mental game lessons"
        lead="Short video lessons of 8 to 15 minutes. Start with the free lessons, unlock the full library with Premium."
      />
      <Container maxWidth="lg" sx={{ pb: { xs: 8, md: 12 } }}>
        {isLoading ? (
          <Box sx={grid} role="status" aria-busy="true" aria-label="Loading lessons">
            {Array.from({ length: LESSON_SKELETONS }, (_, i) => (
              <Card key={i} data-testid="lesson-skeleton" sx={{ p: 3 }}>
                <Skeleton width={110} height={24} sx={{ mb: 2.5, borderRadius: 999 }} />
                <Skeleton variant="text" width="75%" height={26} />
                <Skeleton variant="text" />
                <Skeleton variant="text" width="85%" sx={{ mb: 3 }} />
                <Skeleton width={140} height={40} sx={{ borderRadius: 999, ml: 'auto' }} />
              </Card>
            ))}
          </Box>
        ) : isError ? (
          <Typography role="alert" color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
            Unable to load lessons. Please try again later.
          </Typography>
        ) : !data?.length ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
            No lessons available yet. Check back soon!
          </Typography>
        ) : (
          <Box component="ul" sx={{ ...grid, listStyle: 'none', m: 0, p: 0 }}>
            {data.map((lesson) => (
              <li key={lesson.id}>
                <LessonCard lesson={lesson} />
              </li>
            ))}
          </Box>
        )}
      </Container>
    </>
  );
}
