import type { Course } from '@fm/contracts';
import { useCallback, useReducer, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import FlagRounded from '@mui/icons-material/FlagRounded';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import { LiveRegion, reducedMotionSx } from '@/components/ui/live-region';
import { getClub, type Club } from '@/features/courses/clubs';
import { ClubPicker } from '@/features/courses/components/club-picker';
import {
  HOLE_COUNT,
  coursePlayerReducer,
  holeProgress,
  initialCoursePlayerState,
  isFirstHole,
  isLastHole,
  selectCurrentShot,
  selectHoleShots,
  type CoursePlayerAction,
  type CoursePlayerState,
} from '@/features/courses/course-player-machine';
import { totalPar } from '@/features/courses/course-validation';

type CoursePlayerProps = {
  course: Course;
  /** The audio player for the chosen club; `autoPlayKey` changes every time a club is chosen. */
  renderClubAudio: (club: Club, autoPlayKey: number) => ReactNode;
};

type AnnouncedState = {
  player: CoursePlayerState;
  pars: readonly number[];
  /** What a screen reader is told after the last change (hole, club, shot). */
  announcement: string;
  sequence: number;
};

/** The words for what `action` changed, or null when there is nothing to say. */
export function describeChange(
  action: CoursePlayerAction,
  next: CoursePlayerState,
  pars: readonly number[],
): string | null {
  const hole = `Hole ${next.hole} of ${HOLE_COUNT}, par ${pars[next.hole - 1] ?? '-'}.`;
  switch (action.type) {
    case 'nextHole':
    case 'previousHole':
      return hole;
    case 'restart':
      return `Restarted. ${hole}`;
    case 'chooseClub': {
      const club = getClub(action.clubId);
      return club ? `${club.name} chosen for shot ${next.selectedShotId}.` : null;
    }
    case 'addShot':
      return `Shot ${next.selectedShotId} added.`;
    default:
      return null;
  }
}

function announcedReducer(state: AnnouncedState, action: CoursePlayerAction): AnnouncedState {
  const player = coursePlayerReducer(state.player, action);
  if (player === state.player) return state;
  const announcement = describeChange(action, player, state.pars);
  return announcement === null
    ? { ...state, player }
    : { ...state, player, announcement, sequence: state.sequence + 1 };
}

/** Hole-by-hole visualization of a course (SPEC §2 course player, §4 state machine). */
export function CoursePlayer({ course, renderClubAudio }: CoursePlayerProps) {
  const [{ player: state, announcement, sequence }, dispatch] = useReducer(
    announcedReducer,
    course.pars,
    (pars): AnnouncedState => ({ player: initialCoursePlayerState(), pars, announcement: '', sequence: 0 }),
  );
  const shots = selectHoleShots(state);
  const currentShot = selectCurrentShot(state);
  const club = getClub(currentShot?.clubId);
  const holePar = course.pars[state.hole - 1];
  const coursePar = course.totalPar ?? totalPar(course.pars);
  const lastHole = isLastHole(state);
  const chooseClub = useCallback((clubId: string) => dispatch({ type: 'chooseClub', clubId }), []);
  const location = [course.city, course.state, course.country].filter(Boolean).join(', ');

  return (
    <Stack spacing={3} sx={reducedMotionSx}>
      <LiveRegion message={announcement} sequence={sequence} />
      <Box>
        <Typography variant="h2" component="h1">
          {course.name}
        </Typography>
        {location && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', mt: 0.5 }}>
            <PlaceOutlined fontSize="small" />
            <Typography variant="body2">{location}</Typography>
          </Stack>
        )}
      </Box>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <FlagRounded color="primary" />
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              Hole {state.hole} / {HOLE_COUNT}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1}>
            <Chip label={`Course Par: ${coursePar}`} variant="outlined" />
            <Chip label={`Hole Par: ${holePar ?? '-'}`} color="primary" />
          </Stack>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={holeProgress(state)}
          aria-label="Course progress"
          sx={{ mt: 2, height: 8, borderRadius: 4 }}
        />
      </Paper>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
          >
            <Typography variant="h6" component="h2">
              Shots
            </Typography>
            <Button
              startIcon={<AddRounded />}
              variant="outlined"
              size="small"
              onClick={() => dispatch({ type: 'addShot' })}
            >
              Add Shot
            </Button>
          </Stack>
          <Tabs
            value={state.selectedShotId}
            onChange={(_, value: number) => dispatch({ type: 'selectShot', shotId: value })}
            variant="scrollable"
            scrollButtons="auto"
            aria-label="Shots on this hole"
            sx={{ mt: 1, mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {shots.map((shot) => {
              const shotClub = getClub(shot.clubId);
              return (
                <Tab
                  key={shot.id}
                  value={shot.id}
                  label={shotClub ? `Shot ${shot.id} (${shotClub.name})` : `Shot ${shot.id}`}
                  sx={{ textTransform: 'none' }}
                />
              );
            })}
          </Tabs>
          <ClubPicker selectedClubId={currentShot?.clubId ?? null} onSelect={chooseClub} />
        </Paper>

        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, position: { lg: 'sticky' }, top: { lg: 88 } }}
        >
          {club ? (
            <Stack spacing={2}>
              <Typography variant="h6" component="h2">
                {club.name} visualization
              </Typography>
              {renderClubAudio(club, state.autoPlayKey)}
              <Typography variant="body1" sx={{ color: 'text.secondary', lineHeight: 1.8 }}>
                {club.guide}
              </Typography>
            </Stack>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>
              Choose a club for shot {state.selectedShotId} to hear its visualization.
            </Typography>
          )}
        </Paper>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'auto 1fr auto' },
          alignItems: 'center',
        }}
      >
        <Button
          variant="outlined"
          startIcon={<ChevronLeftRounded />}
          disabled={isFirstHole(state)}
          onClick={() => dispatch({ type: 'previousHole' })}
        >
          Previous Hole
        </Button>
        <Box sx={{ order: { xs: 3, sm: 0 }, gridColumn: { xs: '1 / -1', sm: 'auto' }, textAlign: 'center' }}>
          <Button variant="text" startIcon={<RestartAltRounded />} onClick={() => dispatch({ type: 'restart' })}>
            Restart
          </Button>
        </Box>
        <Button
          variant="contained"
          endIcon={lastHole ? undefined : <ChevronRightRounded />}
          disabled={lastHole}
          onClick={() => dispatch({ type: 'nextHole' })}
        >
          {lastHole ? 'Finish' : 'Next Hole'}
        </Button>
      </Box>
    </Stack>
  );
}
