import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { reloadToNewVersion, useServiceWorkerUpdate } from '@/features/courses/offline/player-service-worker';

/**
 * "New version available — Reload": a new version of the offline player waits (it never takes
 * over a page on its own, so nothing mixes two versions); the member's tap makes it take over and
 * reloads the page.
 */
export function ServiceWorkerUpdatePrompt() {
  const waiting = useServiceWorkerUpdate();
  if (!waiting) return null;
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={reloadToNewVersion}>
          Reload
        </Button>
      }
    >
      New version available
    </Alert>
  );
}
