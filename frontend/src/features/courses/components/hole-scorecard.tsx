import type { Dispatch } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  isLastHole,
  selectHoleScore,
  type CoursePlayerAction,
  type CoursePlayerState,
} from '@/features/courses/course-player-machine';

export const ROUTINE_LABELS = ['Lost it', 'Mostly off', 'Half the time', 'Mostly', 'Every shot'] as const;
const NOTE_MAX = 140;

/**
 * The mental scorecard of the hole being played (routine 1-5 and a note) and, on the last hole,
 * the round review with Finish round (`canFinish`: at least one hole is scored).
 */
export function HoleScorecard({
  state,
  dispatch,
  canFinish,
  onFinish,
}: {
  state: CoursePlayerState;
  dispatch: Dispatch<CoursePlayerAction>;
  canFinish: boolean;
  onFinish: () => void;
}) {
  const score = selectHoleScore(state);
  const lastHole = isLastHole(state);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography variant="h6" component="h2" id="routine-label">
        Mental scorecard: hole {state.hole}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        How well did you stay with your routine? 1 (lost it) to 5 (every shot).
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={score?.routine ?? null}
        onChange={(_, value: number | null) => value && dispatch({ type: 'scoreHole', routine: value })}
        aria-labelledby="routine-label"
        fullWidth
      >
        {ROUTINE_LABELS.map((label, index) => (
          <ToggleButton
            key={label}
            value={index + 1}
            aria-label={`${index + 1}: ${label}`}
            sx={{ minHeight: 56, fontSize: '1.25rem', fontWeight: 700 }}
          >
            {index + 1}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        label={`Note for hole ${state.hole} (optional)`}
        value={score?.note ?? ''}
        onChange={(event) => dispatch({ type: 'noteHole', note: event.target.value.slice(0, NOTE_MAX) })}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
        fullWidth
        size="small"
        sx={{ mt: 2 }}
      />
      {lastHole && (
        <Stack spacing={2} sx={{ mt: 3 }}>
          <Typography variant="h6" component="h2">
            Round review
          </Typography>
          <TextField
            label="What went well"
            value={state.review.wentWell}
            onChange={(event) =>
              dispatch({ type: 'review', field: 'wentWell', value: event.target.value.slice(0, 200) })
            }
            fullWidth
            size="small"
          />
          <TextField
            label="What to work on"
            value={state.review.workOn}
            onChange={(event) => dispatch({ type: 'review', field: 'workOn', value: event.target.value.slice(0, 200) })}
            fullWidth
            size="small"
          />
          <TextField
            label="One word for the day"
            value={state.review.word}
            onChange={(event) =>
              dispatch({ type: 'review', field: 'word', value: event.target.value.replace(/\s/g, '').slice(0, 30) })
            }
            fullWidth
            size="small"
          />
          <Button variant="contained" size="large" onClick={onFinish} disabled={!canFinish}>
            Finish round
          </Button>
          {!canFinish && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Score at least one hole to save the round.
            </Typography>
          )}
        </Stack>
      )}
    </Paper>
  );
}
