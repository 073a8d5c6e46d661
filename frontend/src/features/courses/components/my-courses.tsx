import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import GolfCourseRounded from '@mui/icons-material/GolfCourseRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { useToast } from '@/components/toast/use-toast';
import { paths } from '@/config/paths';
import { useGetCoursesQuery } from '@/features/courses/api/get-courses';
import { useGetPublicCoursesQuery } from '@/features/courses/api/get-public-courses';
import { useDeleteCourseMutation } from '@/features/courses/api/delete-course';
import { useRateCourseMutation } from '@/features/courses/api/rate-course';
import { useFavoriteCourseMutation } from '@/features/courses/api/favorite-course';
import type { Course } from '@/features/courses/api/types';
import { CourseCard } from '@/features/courses/components/course-card';

/** Case-insensitive match on name, city, state or country (SPEC §2 my-courses). */
export function matchesCourseSearch(
  course: Pick<Course, 'name' | 'city' | 'state' | 'country'>,
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [course.name, course.city, course.state, course.country].some((field) =>
    (field ?? '').toLowerCase().includes(q),
  );
}

function CourseGrid({ children }: { children: React.ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
    >
      {children}
    </Box>
  );
}

function GridSkeleton() {
  return (
    <CourseGrid>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={200} data-testid="course-skeleton" />
      ))}
    </CourseGrid>
  );
}

function EmptyState({ children, action }: { children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3, borderStyle: 'dashed' }}>
      <GolfCourseRounded sx={{ fontSize: 40, color: 'text.disabled', mb: 1 }} />
      <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Paper>
  );
}

/** /member/my-courses: own courses and community courses with search. */
export function MyCourses() {
  const { toast } = useToast();
  const [query, setQuery] = useState('');
  const [pendingDelete, setPendingDelete] = useState<Course | null>(null);
  const own = useGetCoursesQuery();
  const community = useGetPublicCoursesQuery();
  const [deleteCourse, { isLoading: deleting }] = useDeleteCourseMutation();
  const [rateCourse] = useRateCourseMutation();
  const [favoriteCourse] = useFavoriteCourseMutation();

  const ownCourses = useMemo(() => own.data ?? [], [own.data]);
  const publicCourses = useMemo(() => community.data ?? [], [community.data]);
  const ownFiltered = useMemo(() => ownCourses.filter((c) => matchesCourseSearch(c, query)), [ownCourses, query]);
  const publicFiltered = useMemo(
    () => publicCourses.filter((c) => matchesCourseSearch(c, query)),
    [publicCourses, query],
  );

  const confirmDelete = async () => {
    const course = pendingDelete;
    if (!course) return;
    try {
      await deleteCourse(course.id).unwrap();
      toast({ title: 'Success', description: 'Course deleted successfully' });
    } catch {
      toast({ title: 'Error', description: 'Failed to delete course', variant: 'destructive' });
    } finally {
      setPendingDelete(null);
    }
  };

  const cardHandlers = {
    onRate: (course: Course, isLike: boolean | null) => {
      rateCourse({ id: course.id, isLike })
        .unwrap()
        .catch(() => toast({ title: 'Error', description: 'Could not save your rating', variant: 'destructive' }));
    },
    onFavorite: (course: Course, favorite: boolean) => {
      favoriteCourse({ id: course.id, favorite })
        .unwrap()
        .catch(() => toast({ title: 'Error', description: 'Could not update your favorites', variant: 'destructive' }));
    },
  };

  const newCourseButton = (label: string, variant: 'contained' | 'outlined' = 'contained') => (
    <Button
      component={RouterLink}
      to={paths.member.courseBuilder.getHref()}
      variant={variant}
      startIcon={<AddRounded />}
    >
      {label}
    </Button>
  );

  return (
    <Stack spacing={4}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <TextField
          placeholder="Search by name or location"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          size="small"
          sx={{ flex: 1, maxWidth: { sm: 420 } }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search courses' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded />
                </InputAdornment>
              ),
            },
          }}
        />
        {newCourseButton('New Course')}
      </Stack>

      <Box component="section" aria-labelledby="your-courses-heading">
        <Typography id="your-courses-heading" variant="h5" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
          Your Courses
        </Typography>
        {own.isLoading ? (
          <GridSkeleton />
        ) : own.isError ? (
          <EmptyState>Unable to load your courses. Please try again later.</EmptyState>
        ) : ownCourses.length === 0 ? (
          <EmptyState action={newCourseButton('Create Your First Course')}>
            You haven&apos;t created any courses yet.
          </EmptyState>
        ) : ownFiltered.length === 0 ? (
          <EmptyState>No courses match your search.</EmptyState>
        ) : (
          <CourseGrid>
            {ownFiltered.map((course) => (
              <CourseCard
                key={course.id}
                course={course}
                onDelete={setPendingDelete}
                deleting={deleting && pendingDelete?.id === course.id}
                {...cardHandlers}
              />
            ))}
          </CourseGrid>
        )}
      </Box>

      {publicCourses.length > 0 && (
        <Box component="section" aria-labelledby="community-courses-heading">
          <Typography id="community-courses-heading" variant="h5" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
            Community Courses
          </Typography>
          {publicFiltered.length === 0 ? (
            <EmptyState>No community courses match your search.</EmptyState>
          ) : (
            <CourseGrid>
              {publicFiltered.map((course) => (
                <CourseCard key={course.id} course={course} {...cardHandlers} />
              ))}
            </CourseGrid>
          )}
        </Box>
      )}

      <Dialog open={pendingDelete !== null} onClose={() => !deleting && setPendingDelete(null)}>
        <DialogTitle>Delete course?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            &ldquo;{pendingDelete?.name}&rdquo; will be removed for good, together with its likes and favorites.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPendingDelete(null)} disabled={deleting}>
            Keep it
          </Button>
          <Button color="error" variant="contained" onClick={confirmDelete} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
