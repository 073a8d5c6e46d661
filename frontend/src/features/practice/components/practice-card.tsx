import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useGetPracticeResumeQuery,
  useGetPracticeStatsQuery,
  useGetPracticeTodayQuery,
} from '@/features/practice/api/practice-api';
import { ContinueRow } from '@/features/practice/components/continue-card';
import { StreakFigure } from '@/features/practice/components/practice-stats';
import { TodaysPlanList } from '@/features/practice/components/todays-plan-list';
import { useDetectTimeZone } from '@/features/practice/lib/use-detect-time-zone';

/**
 * The space the card's body keeps while its answers load, and at least once they are in: a new
 * Free member's loaded body (the streak and a one-part plan), so nothing below the card moves
 * up when they arrive (an item to continue or a longer plan make it taller).
 */
export const PRACTICE_CARD_LOADING_HEIGHT = 190;

/**
 * One card with a member's practice for pages other than member home (a Free member's account
 * and lectures pages, issue 47 §7): Today's 10, the streak and continue where you left off, from
 * the same answers as member home's cards (GET /api/practice/today, /stats, /resume; the cache
 * keeps them, so the card shows at once when the member comes back to the page). `action` goes at
 * the card's foot (the upgrade call). `sectionSlug` maps a section id to its page's slug.
 */
export function PracticeCard({
  sectionSlug,
  action,
}: {
  sectionSlug: (sectionId: string) => string | undefined;
  action?: ReactNode;
}) {
  useDetectTimeZone();
  const today = useGetPracticeTodayQuery();
  const stats = useGetPracticeStatsQuery();
  const resume = useGetPracticeResumeQuery();
  const loading = today.isLoading || stats.isLoading || resume.isLoading;
  return (
    <Card
      component="section"
      aria-labelledby="practice-card-heading"
      aria-busy={loading ? 'true' : undefined}
      sx={{ borderRadius: 3 }}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Typography id="practice-card-heading" variant="h4" component="h2">
          Today&apos;s 10
        </Typography>
        {loading ? (
          <Skeleton height={PRACTICE_CARD_LOADING_HEIGHT} sx={{ mt: 2 }} data-testid="practice-card-loading" />
        ) : (
          <Box sx={{ minHeight: PRACTICE_CARD_LOADING_HEIGHT }}>
            {stats.data && (
              <Box component="dl" sx={{ display: 'flex', mt: 1.5, mb: 0 }}>
                <StreakFigure streak={stats.data.streak} />
              </Box>
            )}
            {resume.data && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="h5" component="h3">
                  Continue where you left off
                </Typography>
                <ContinueRow item={resume.data} sectionSlug={sectionSlug} />
              </Box>
            )}
            {today.data ? (
              <TodaysPlanList plan={today.data} sectionSlug={sectionSlug} />
            ) : (
              <Typography sx={{ color: 'text.secondary', mt: 2 }}>
                Today&apos;s plan could not be loaded. Please try again later.
              </Typography>
            )}
          </Box>
        )}
        {action && <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>{action}</Box>}
      </CardContent>
    </Card>
  );
}
