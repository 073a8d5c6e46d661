import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AcUnitRounded from '@mui/icons-material/AcUnitRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { dayState, describeDay, toWeeks, type CalendarDay, type DayState } from '@/features/practice/lib/calendar';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const CELL = { xs: 18, sm: 22 };

/** A day's square: colour and a mark (tick, snowflake, dot), never colour alone. */
function DayMark({ state }: { state: DayState }) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: CELL,
        height: CELL,
        borderRadius: 1,
        display: 'grid',
        placeItems: 'center',
        border: '1px solid',
        borderColor: state === 'none' ? 'divider' : 'primary.main',
        bgcolor:
          state === 'counted'
            ? 'primary.main'
            : state === 'frozen'
              ? 'info.light'
              : state === 'some'
                ? 'action.selected'
                : 'transparent',
        color: state === 'counted' ? 'primary.contrastText' : 'primary.dark',
        '& svg': { fontSize: { xs: 13, sm: 16 } },
      }}
    >
      {state === 'counted' && <CheckRounded />}
      {state === 'frozen' && <AcUnitRounded />}
      {state === 'some' && (
        <Box component="span" sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: 'primary.dark' }} />
      )}
    </Box>
  );
}

const LEGEND: { state: DayState; label: string }[] = [
  { state: 'counted', label: '10+ minutes' },
  { state: 'some', label: 'under 10 minutes' },
  { state: 'frozen', label: 'saved by a freeze' },
  { state: 'none', label: 'no practice' },
];

/**
 * The 12-week calendar of practised days (days as columns of weeks, Monday first). Each day
 * says what it was in words for screen readers, the squares carry a mark besides their colour,
 * and a sentence sums it up for everyone.
 */
export function PracticeCalendar({ days }: { days: CalendarDay[] }) {
  const grid = toWeeks(days);
  const counted = days.filter((d) => dayState(d) === 'counted').length;
  const frozen = days.filter((d) => dayState(d) === 'frozen').length;
  return (
    <Box>
      <Typography sx={{ mb: 1.5 }} data-testid="calendar-summary">
        Practised 10+ minutes on {counted} of the last {days.length} days
        {frozen > 0 ? `; ${frozen} ${frozen === 1 ? 'day' : 'days'} saved by a freeze` : ''}.
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Box
          component="table"
          sx={{ borderCollapse: 'separate', borderSpacing: { xs: '3px', sm: '4px' }, '& th, & td': { p: 0 } }}
        >
          <caption>
            <VisuallyHidden>Practice calendar, last 12 weeks: one row per weekday, one column per week</VisuallyHidden>
          </caption>
          <tbody>
            {grid.map((row, weekday) => (
              <tr key={WEEKDAYS[weekday]}>
                <Typography
                  component="th"
                  scope="row"
                  variant="caption"
                  sx={{ pr: 1, textAlign: 'left', color: 'text.secondary', fontWeight: 400 }}
                >
                  {WEEKDAYS[weekday]}
                </Typography>
                {row.map((day, week) => (
                  <td key={week}>
                    {day ? (
                      <>
                        <DayMark state={dayState(day)} />
                        <VisuallyHidden>{describeDay(day)}</VisuallyHidden>
                      </>
                    ) : (
                      <VisuallyHidden>—</VisuallyHidden>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 1.5 }} aria-label="Legend" component="ul">
        {LEGEND.map(({ state, label }) => (
          <Stack
            key={state}
            component="li"
            direction="row"
            spacing={0.75}
            sx={{ alignItems: 'center', listStyle: 'none' }}
          >
            <DayMark state={state} />
            <Typography variant="caption">{label}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
