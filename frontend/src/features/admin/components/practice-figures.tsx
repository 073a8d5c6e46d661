import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useGetAdminMemberPracticeQuery, useGetAdminPracticeSummaryQuery } from '@/features/admin/api/practice';
import { formatDateTime } from '@/features/admin/format';

const minutes = (n: number) => (n === 1 ? '1 minute' : `${n.toLocaleString()} minutes`);
const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
/** "1,234 minutes (1,100 listened or watched, 134 read)": reads are counted apart (issue 43 §5). */
const split = (total: number, read: number) =>
  `${minutes(total)} (${Math.max(0, total - read).toLocaleString()} listened or watched, ${read.toLocaleString()} read)`;

/** "Monday 23 November" from "2026-11-23". */
function weekStartName(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
}

/** Term / value pairs as a description list. */
function Figures({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1 }}>
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The practice service is down or refused: a plain message and a retry, never a blank console. */
function Unavailable({ retry, busy }: { retry: () => void; busy: boolean }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={retry} disabled={busy}>
          Try again
        </Button>
      }
    >
      Practice figures could not be loaded right now. The rest of the console works as usual.
    </Alert>
  );
}

/**
 * The console's front page: active members (practised on at least 3 of the last 7 days) and the
 * minutes everyone practised this week, listened or watched and read (GET /api/admin/practice/summary).
 */
export function PracticeSummaryCard() {
  const { data, error, isLoading, isFetching, refetch } = useGetAdminPracticeSummaryQuery(undefined, {
    refetchOnMountOrArgChange: 60,
  });
  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading practice figures" />;
  else if (error !== undefined || !data) {
    body = <Unavailable retry={() => void refetch()} busy={isFetching} />;
  } else {
    body = (
      <Figures
        rows={[
          ['Active members', `${data.activeMembers.toLocaleString()} (practised on at least 3 of the last 7 days)`],
          [
            'Practised this week',
            `${split(data.minutesThisWeek, data.readMinutesThisWeek)} since ${weekStartName(data.weekStart)}`,
          ],
        ]}
      />
    );
  }
  return (
    <Card component="section" aria-labelledby="practice-summary-heading" variant="outlined" sx={{ borderRadius: 2 }}>
      <CardContent>
        <Typography id="practice-summary-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Practice
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}

/** One member's practice totals, in their member view (GET /api/admin/practice/members/:id). */
export function MemberPracticePanel({ memberId }: { memberId: string }) {
  const { data, error, isLoading, isFetching, refetch } = useGetAdminMemberPracticeQuery(memberId, {
    refetchOnMountOrArgChange: 60,
  });
  const headingId = useId();
  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading practice" />;
  else if (error !== undefined || !data) {
    body = <Unavailable retry={() => void refetch()} busy={isFetching} />;
  } else if (data.lastPractisedAt === null && data.totalMinutes === 0) {
    body = (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Has not practised yet.
      </Typography>
    );
  } else {
    body = (
      <Figures
        rows={[
          ['Total', split(data.totalMinutes, data.readMinutes)],
          ['Last 7 days', `${minutes(data.minutesLast7Days)} on ${days(data.daysPractisedLast7)}`],
          ['Streak', days(data.streak)],
          ['Items completed', String(data.completedItems)],
          ['Last practised', formatDateTime(data.lastPractisedAt)],
        ]}
      />
    );
  }
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1.5 }}>
        Practice
      </Typography>
      {body}
    </Box>
  );
}
