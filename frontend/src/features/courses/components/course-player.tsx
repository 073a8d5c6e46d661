import type { Course } from '@fm/contracts';
import { useCallback, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
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
import { announcedReducer, type AnnouncedState } from '@/features/courses/components/course-player-announcements';
import { HoleScorecard } from '@/features/courses/components/hole-scorecard';
import {
  HOLE_COUNT,
  holeProgress,
  initialCoursePlayerState,
  isFirstHole,
  isLastHole,
  selectCurrentShot,
  selectHoleShots,
} from '@/features/courses/course-player-machine';
import { mediaSessionTitle, useMediaSession, useWakeLockWhilePlaying } from '@/features/courses/round/media-session';
import type { OutboxEntry } from '@/features/courses/round/round-outbox';
import {
  clearRound,
  finishedRoundDates,
  loadRound,
  newRoundId,
  saveRound,
} from '@/features/courses/round/round-storage';
import { totalPar } from '@/features/courses/course-validation';

type CoursePlayerProps = {
  course: Course;
  /** The audio player for the chosen club; `autoPlayKey` changes every time a club is chosen. */
  renderClubAudio: (club: Club, autoPlayKey: number) => ReactNode;
  /** Whose round it is: the round is kept on this device per member and course. */
  userId: string;
  /** The member's bag (club ids) for the picker; absent while it loads (all clubs). */
  bagIds?: readonly string[];
  /** Controls beside the hole (the bag editor, SOS). */
  tools?: ReactNode;
  /** A finished round's scorecard, handed to the outbox. */
  onFinish?: (entry: OutboxEntry) => void;
};

/** Hole-by-hole visualization of a course (SPEC §2 course player, §4 state machine). */
export function CoursePlayer({ course, renderClubAudio, userId, bagIds, tools, onFinish }: CoursePlayerProps) {
  const [{ player: state, announcement, sequence, roundId, startedAt }, dispatch] = useReducer(
    announcedReducer,
    course.pars,
    (pars): AnnouncedState => {
      // A round kept on this device (a reload, a killed browser) goes on where it was.
      const stored = loadRound(userId, course.id);
      return {
        player: stored?.player ?? initialCoursePlayerState(),
        roundId: stored?.roundId ?? newRoundId(),
        startedAt: stored?.startedAt ?? new Date().toISOString(),
        pars,
        announcement: stored ? `Round resumed on hole ${stored.player.hole} of ${HOLE_COUNT}.` : '',
        sequence: stored ? 1 : 0,
      };
    },
  );
  const [saved, setSaved] = useState(false);
  const audioArea = useRef<HTMLDivElement>(null);
  useWakeLockWhilePlaying(audioArea);

  // Kept on the device as it changes.
  useEffect(() => {
    // A round nobody has touched yet is not kept (after finishing or a restart, nothing is stored).
    const pristine =
      state.hole === 1 &&
      Object.keys(state.scores).length === 0 &&
      Object.values(state.shots).every((shots) => shots.every((shot) => shot.clubId === null) && shots.length <= 1);
    if (pristine) clearRound(userId, course.id);
    else saveRound(userId, course.id, { roundId, startedAt, player: state });
  }, [userId, course.id, roundId, startedAt, state]);

  const scoredHoles = Object.entries(state.scores).filter(([, s]) => s.routine >= 1);
  const finish = () => {
    const note = (text: string) => (text.trim() ? text.trim() : undefined);
    onFinish?.({
      courseId: course.id,
      round: {
        id: roundId,
        ...finishedRoundDates(startedAt, new Date()),
        holes: scoredHoles.map(([hole, s]) => ({ hole: Number(hole), routine: s.routine, note: note(s.note) })),
        review: {
          wentWell: note(state.review.wentWell),
          workOn: note(state.review.workOn),
          word: note(state.review.word),
        },
      },
    });
    // Finishing clears the round on the device: the outbox holds its scorecard now.
    clearRound(userId, course.id);
    dispatch({ type: 'newRound' });
    setSaved(true);
  };
  const shots = selectHoleShots(state);
  const currentShot = selectCurrentShot(state);
  const club = getClub(currentShot?.clubId);
  const holePar = course.pars[state.hole - 1];
  const coursePar = course.totalPar ?? totalPar(course.pars);
  const lastHole = isLastHole(state);
  const chooseClub = useCallback((clubId: string) => dispatch({ type: 'chooseClub', clubId }), []);
  const play = useCallback(() => void audioArea.current?.querySelector('audio')?.play(), []);
  const pause = useCallback(() => audioArea.current?.querySelector('audio')?.pause(), []);
  const nextHole = useCallback(() => dispatch({ type: 'nextHole' }), []);
  const previousHole = useCallback(() => dispatch({ type: 'previousHole' }), []);
  useMediaSession({
    title: mediaSessionTitle(state.hole, club?.name ?? null, course.name),
    onPlay: play,
    onPause: pause,
    onNextTrack: nextHole,
    onPreviousTrack: previousHole,
  });
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
        {tools && (
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
            {tools}
          </Stack>
        )}
        {saved && (
          <Alert severity="success" sx={{ mt: 1.5 }} onClose={() => setSaved(false)}>
            Round saved. It is sent as soon as you have signal.
          </Alert>
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
          <ClubPicker selectedClubId={currentShot?.clubId ?? null} onSelect={chooseClub} bagIds={bagIds} />
        </Paper>

        <Paper
          ref={audioArea}
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

      <HoleScorecard state={state} dispatch={dispatch} canFinish={scoredHoles.length > 0} onFinish={finish} />

      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'auto 1fr auto' },
          alignItems: 'center',
          position: { xs: 'sticky', sm: 'static' },
          bottom: 0,
          zIndex: 2,
          bgcolor: 'background.default',
          py: { xs: 1, sm: 0 },
          '& .MuiButton-root': { minHeight: { xs: 52, sm: 'auto' } },
        }}
      >
        <Button
          variant="outlined"
          startIcon={<ChevronLeftRounded />}
          disabled={isFirstHole(state)}
          onClick={previousHole}
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
          onClick={nextHole}
        >
          {lastHole ? 'Finish' : 'Next Hole'}
        </Button>
      </Box>
    </Stack>
  );
}
