import type { Round } from '@fm/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetRoundsQuery } from '@/features/courses/api/rounds';
import { ROUND_HISTORY_LIMIT } from '@/features/courses/api/api-paths';
const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

/** A small line of mental scores (1-5), oldest left; the table below says the same in words. */
function TrendChart({ rounds }: { rounds: readonly Round[] }) {
  const width = 300;
  const height = 80;
  const pad = 8;
  const x = (i: number) => (rounds.length === 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (rounds.length - 1));
  const y = (score: number) => height - pad - ((score - 1) / 4) * (height - 2 * pad);
  const points = rounds.map((round, i) => `${x(i)},${y(round.mentalScore)}`).join(' ');
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      sx={{ width: '100%', maxWidth: 420, height: 'auto', display: 'block', color: 'primary.main' }}
    >
      <line x1={pad} x2={width - pad} y1={y(3)} y2={y(3)} stroke="currentColor" strokeOpacity={0.15} />
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={2.5} />
      {rounds.map((round, i) => (
        <circle key={round.id} cx={x(i)} cy={y(round.mentalScore)} r={4} fill="currentColor" />
      ))}
    </Box>
  );
}

/**
 * The member's rounds (newest first) and the trend of their mental score over the last 10 rounds:
 * a small chart and, for every reader, the same numbers as a table.
 */
export function RoundHistory() {
  const { data: rounds, isLoading, isError } = useGetRoundsQuery({ limit: ROUND_HISTORY_LIMIT });
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
      component="section"
      aria-labelledby="rounds-title"
    >
      <Typography variant="h6" component="h2" id="rounds-title">
        Your rounds
      </Typography>
      {isLoading && <Skeleton variant="rounded" height={80} />}
      {isError && <Typography sx={{ color: 'text.secondary' }}>Your rounds could not be loaded.</Typography>}
      {rounds && rounds.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>
          No rounds yet. Score your routine after each hole and finish the round to see your trend.
        </Typography>
      )}
      {rounds && rounds.length > 0 && (
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Mental score (routine, 1 to 5) over your last {rounds.length} {rounds.length === 1 ? 'round' : 'rounds'}
          </Typography>
          <TrendChart rounds={[...rounds].reverse()} />
          <Box
            component="table"
            sx={{ borderCollapse: 'collapse', width: '100%', '& td, & th': { textAlign: 'left', py: 0.5, pr: 2 } }}
          >
            <caption style={{ textAlign: 'left', captionSide: 'top' }}>Your last rounds, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Course</th>
                <th scope="col">Mental score</th>
                <th scope="col">Word</th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((round) => (
                <tr key={round.id}>
                  <td>{dateOf(round.finishedAt)}</td>
                  <td>{round.courseName}</td>
                  <td>{round.mentalScore.toFixed(1)}</td>
                  <td>{round.review.word ?? '-'}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
