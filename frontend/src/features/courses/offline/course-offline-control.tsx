import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadForOfflineRounded from '@mui/icons-material/DownloadForOfflineRounded';
import OfflinePinRounded from '@mui/icons-material/OfflinePinRounded';
import { formatSize, type OfflineItem, type ReadyCourseRecord } from '@/features/courses/offline/offline-plan';
import {
  makeCourseReady,
  readyCourse,
  removeCourse,
  type StoreProgress,
} from '@/features/courses/offline/offline-store';
import { serviceWorkerSupported } from '@/features/courses/offline/player-service-worker';

type CourseOfflineControlProps = {
  courseId: string;
  courseName: string;
  memberId: string;
  /** The Premium items to store too (the SOS reset), for a Premium member. */
  premiumItems?: () => Promise<OfflineItem[]>;
  /** In the player: a ready course is brought up to date when it opens with a network. */
  refreshWhenOnline?: boolean;
};

type State =
  | { kind: 'checking' }
  | { kind: 'idle' }
  | { kind: 'storing'; progress: StoreProgress }
  | { kind: 'ready'; record: ReadyCourseRecord }
  | { kind: 'failed'; message: string };

/**
 * "Ready for the course" (issue 31 §1): stores on this device what the course needs to be played
 * without a network, with a progress bar; then "Ready offline", the size, and "Remove from device".
 * Shown only where the browser can keep it (a service worker in a secure context).
 */
export function CourseOfflineControl({
  courseId,
  courseName,
  memberId,
  premiumItems,
  refreshWhenOnline = false,
}: CourseOfflineControlProps) {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const supported = serviceWorkerSupported();

  useEffect(() => {
    if (!supported) return;
    let live = true;
    readyCourse(memberId, courseId)
      .then((record) => {
        if (!live) return;
        setState(record ? { kind: 'ready', record } : { kind: 'idle' });
        if (!record || !refreshWhenOnline || !navigator.onLine) return;
        // Quietly, keeping what is stored if it fails (the signal may be weak).
        makeCourseReady({ memberId, courseId, premiumItems, refresh: true })
          .then((fresh) => live && setState({ kind: 'ready', record: fresh }))
          .catch(() => undefined);
      })
      .catch(() => live && setState({ kind: 'idle' }));
    return () => {
      live = false;
    };
  }, [supported, memberId, courseId, premiumItems, refreshWhenOnline]);

  const store = useCallback(() => {
    setState({ kind: 'storing', progress: { done: 0, total: 1 } });
    makeCourseReady({
      memberId,
      courseId,
      premiumItems,
      onProgress: (progress) => setState({ kind: 'storing', progress }),
    })
      .then((record) => setState({ kind: 'ready', record }))
      .catch((error: unknown) =>
        setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
  }, [memberId, courseId, premiumItems]);

  const remove = useCallback(() => {
    void removeCourse(memberId, courseId).then(() => setState({ kind: 'idle' }));
  }, [memberId, courseId]);

  if (!supported || state.kind === 'checking') return null;

  if (state.kind === 'storing') {
    const { done, total } = state.progress;
    return (
      <Stack spacing={0.5} sx={{ width: '100%', minWidth: 200 }}>
        <Typography variant="body2">Storing {courseName} on this device…</Typography>
        <LinearProgress
          variant="determinate"
          value={Math.round((done / total) * 100)}
          aria-label={`Storing ${courseName} on this device`}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {done} of {total} files
        </Typography>
      </Stack>
    );
  }

  if (state.kind === 'ready') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip icon={<OfflinePinRounded />} label="Ready offline" color="success" />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {formatSize(state.record.bytes)} on this device
        </Typography>
        <Button size="small" onClick={remove} aria-label={`Remove from device: ${courseName}`}>
          Remove from device
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {state.kind === 'failed' && (
        <Alert severity="error">The course could not be stored on this device: {state.message}.</Alert>
      )}
      <Button variant="outlined" startIcon={<DownloadForOfflineRounded />} onClick={store}>
        Ready for the course
      </Button>
    </Stack>
  );
}
