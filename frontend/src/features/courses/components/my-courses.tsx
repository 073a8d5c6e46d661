import type { Course } from '@fm/contracts';
import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { InfiniteData } from '@reduxjs/toolkit/query/react';
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
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { COURSE_SEARCH_MAX_LENGTH, loadedCourses } from '@/features/courses/api/course-pages';
import { useGetCoursesInfiniteQuery } from '@/features/courses/api/get-courses';
import { useGetPublicCoursesInfiniteQuery } from '@/features/courses/api/get-public-courses';
import { useDeleteCourseMutation } from '@/features/courses/api/delete-course';
import { useRateCourseMutation } from '@/features/courses/api/rate-course';
import { useFavoriteCourseMutation } from '@/features/courses/api/favorite-course';
import type { CoursePage } from '@/features/courses/api/types';
import { CourseCard } from '@/features/courses/components/course-card';

/** How long typing must pause before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

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

/** The part of an infinite course query a list shows (own and community lists alike). */
type CourseListState = {
  data?: InfiniteData<CoursePage, number>;
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/**
 * One list as the server pages it: the courses loaded so far, "Showing N of M", and Show more
 * for the next page. While a new search is on its way the previous answer stays, dimmed.
 */
function PagedCourses({
  list,
  noMatch,
  renderCard,
}: {
  list: CourseListState;
  noMatch: string;
  renderCard: (course: Course) => React.ReactNode;
}) {
  if (!list.data) {
    return list.isError ? <EmptyState>Unable to load courses. Please try again later.</EmptyState> : <GridSkeleton />;
  }
  const { items, total } = loadedCourses(list.data);
  if (total === 0) return <EmptyState>{noMatch}</EmptyState>;
  const searching = list.isFetching && !list.isFetchingNextPage;
  return (
    <Stack spacing={2} aria-busy={list.isFetching}>
      <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
        Showing {items.length} of {total}
      </Typography>
      <Box sx={{ opacity: searching ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <CourseGrid>{items.map(renderCard)}</CourseGrid>
      </Box>
      {list.isFetchNextPageError && (
        <Typography role="alert" sx={{ color: 'error.main', textAlign: 'center' }}>
          Could not load more courses. Please try again.
        </Typography>
      )}
      {list.hasNextPage && (
        <Box sx={{ textAlign: 'center' }}>
          <Button variant="outlined" onClick={() => void list.fetchNextPage()} disabled={list.isFetching}>
            {list.isFetchingNextPage ? 'Loading more...' : 'Show more'}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** /member/my-courses: own courses and community courses searched and paged by the server (`?q=`, 50 at a time). */
type MyCoursesProps = {
  /** Extra content of each card (the page composes "Ready for the course" with the member). */
  renderCourseExtra?: (course: Course) => React.ReactNode;
};

export function MyCourses({ renderCourseExtra }: MyCoursesProps = {}) {
  const { toast } = useToast();
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const [pendingDelete, setPendingDelete] = useState<Course | null>(null);
  // The unsearched lists say whether there is anything at all (the empty messages, SPEC §2);
  // with no search they are the same cache entries as the searched ones.
  const ownAll = useGetCoursesInfiniteQuery('');
  const ownFound = useGetCoursesInfiniteQuery(search);
  const communityAll = useGetPublicCoursesInfiniteQuery('');
  const communityFound = useGetPublicCoursesInfiniteQuery(search);
  const [deleteCourse, { isLoading: deleting }] = useDeleteCourseMutation();
  const [rateCourse] = useRateCourseMutation();
  const [favoriteCourse] = useFavoriteCourseMutation();

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

  const onRate = useCallback(
    (course: Course, isLike: boolean | null) => {
      rateCourse({ id: course.id, isLike })
        .unwrap()
        .catch(() => toast({ title: 'Error', description: 'Could not save your rating', variant: 'destructive' }));
    },
    [rateCourse, toast],
  );
  const onFavorite = useCallback(
    (course: Course, favorite: boolean) => {
      favoriteCourse({ id: course.id, favorite })
        .unwrap()
        .catch(() => toast({ title: 'Error', description: 'Could not update your favorites', variant: 'destructive' }));
    },
    [favoriteCourse, toast],
  );

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
            htmlInput: { 'aria-label': 'Search courses', maxLength: COURSE_SEARCH_MAX_LENGTH },
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
        {ownAll.isLoading ? (
          <GridSkeleton />
        ) : ownAll.isError ? (
          <EmptyState>Unable to load your courses. Please try again later.</EmptyState>
        ) : loadedCourses(ownAll.data).total === 0 ? (
          <EmptyState action={newCourseButton('Create Your First Course')}>
            You haven&apos;t created any courses yet.
          </EmptyState>
        ) : (
          <PagedCourses
            list={ownFound}
            noMatch="No courses match your search."
            renderCard={(course) => (
              <CourseCard
                key={course.id}
                course={course}
                onDelete={setPendingDelete}
                deleting={deleting && pendingDelete?.id === course.id}
                onRate={onRate}
                onFavorite={onFavorite}
                extra={renderCourseExtra?.(course)}
              />
            )}
          />
        )}
      </Box>

      {loadedCourses(communityAll.data).total > 0 && (
        <Box component="section" aria-labelledby="community-courses-heading">
          <Typography id="community-courses-heading" variant="h5" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
            Community Courses
          </Typography>
          <PagedCourses
            list={communityFound}
            noMatch="No community courses match your search."
            renderCard={(course) => (
              <CourseCard
                key={course.id}
                course={course}
                onRate={onRate}
                onFavorite={onFavorite}
                extra={renderCourseExtra?.(course)}
              />
            )}
          />
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
