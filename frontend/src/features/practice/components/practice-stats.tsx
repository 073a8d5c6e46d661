import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useGetPracticeStatsQuery } from '@/features/practice/api/practice-api';
import { PracticeCalendar } from '@/features/practice/components/practice-calendar';

export const FREEZES_PER_MONTH = 2;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box component="div" sx={{ minWidth: 140 }}>
      <Typography variant="body2" component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h3" component="dd" sx={{ m: 0 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** "1 day" / "3 days"; "1 minute" / "25 minutes". */
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The streak as one term of a description list (`<dl>`): member home's card, a Free member's practice card. */
export function StreakFigure({ streak }: { streak: number }) {
  return <Figure label="Streak" value={plural(streak, 'day', 'days')} testId="practice-streak" />;
}

/**
 * The streak (days in a row with 10+ minutes in the member's time zone), total minutes, the
 * freezes said plainly, and the 12-week calendar (GET /api/practice/stats).
 */
export function PracticeStatsCard() {
  const { data: stats, isLoading, isError } = useGetPracticeStatsQuery();
  return (
    <Card component="section" aria-labelledby="practice-stats-heading" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Typography id="practice-stats-heading" variant="h4" component="h2">
          Your practice
        </Typography>
        {isLoading && <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} aria-hidden="true" />}
        {isError && (
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>
            Your practice history could not be loaded. Please try again later.
          </Typography>
        )}
        {stats && (
          <>
            <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, my: 2 }}>
              <StreakFigure streak={stats.streak} />
              <Figure
                label="Total practice"
                value={plural(Math.floor(stats.totalMinutes), 'minute', 'minutes')}
                testId="practice-total"
              />
            </Box>
            <Typography sx={{ mb: 2 }} data-testid="practice-freezes">
              A day counts when you practise 10 minutes. {FREEZES_PER_MONTH} freezes a month save a missed day
              automatically; {stats.freezesLeft} left this month.
            </Typography>
            <PracticeCalendar days={stats.days} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
