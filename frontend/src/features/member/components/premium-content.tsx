import { useEffect, useRef, type ReactNode } from 'react';
import Skeleton, { type SkeletonProps } from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useToast } from '@/components/toast/use-toast';
import { paths } from '@/config/paths';
import { browserNavigation } from '@/features/member/lib/browser-navigation';
import { UnlockLecturesCard } from '@/features/member/components/lecture-list';

export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

const isPremiumRequired = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 403;

/** One loading placeholder of Premium content (tests and the browser suite find them by test id). */
export function ContentSkeleton(props: SkeletonProps) {
  return <Skeleton variant="rounded" data-testid="content-skeleton" {...props} />;
}

type PremiumContentProps<T> = {
  /** The read: `data` once loaded, `error` when it failed (an RTK Query result fits). */
  result: { data?: T; error?: unknown };
  /** Shown while loading (ContentSkeletons shaped like the content). */
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * Content that only Premium members may read, fetched from the content service (SPEC §7, §8):
 * the skeleton while loading; on a failed load the Unauthorized toast and, 500 ms later, a
 * full-page trip to /api/login. A 403 (a free member who reaches a Premium read) shows the
 * Unlock card instead: the member is offered Premium, not logged out.
 */
export function PremiumContent<T>({ result, skeleton, children }: PremiumContentProps<T>) {
  const { toast } = useToast();
  const needsPremium = isPremiumRequired(result.error);
  const failed = !needsPremium && result.error !== undefined;
  const handled = useRef(false);

  useEffect(() => {
    if (!failed) return;
    if (!handled.current) {
      handled.current = true;
      toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    }
    const timer = window.setTimeout(
      () => browserNavigation.assign(paths.apiLogin.getHref()),
      UNAUTHORIZED_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [failed, toast]);

  if (needsPremium) return <UnlockLecturesCard />;
  if (failed || result.data === undefined) {
    return (
      <Stack spacing={3} role="status" aria-busy={!failed} aria-label="Loading content">
        {skeleton}
      </Stack>
    );
  }
  return <>{children(result.data)}</>;
}
