import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A list that could not be loaded: what failed, and "Try again" (disabled while the retry runs). */
export function LoadError({
  children,
  onRetry,
  retrying,
}: {
  children: ReactNode;
  onRetry: () => unknown;
  retrying: boolean;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()} disabled={retrying}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
