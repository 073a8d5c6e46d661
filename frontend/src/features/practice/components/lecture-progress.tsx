import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/**
 * A lecture's progress bar: the share played (100 % once complete), with its percentage in
 * words beside it and as the bar's accessible value.
 */
export function LectureProgress({ title, percent }: { title: string; percent: number }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1.5 }}>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={`Progress: ${title}`}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: '9ch', textAlign: 'right' }}>
        {value === 100 ? 'Done' : `${value}% played`}
      </Typography>
    </Box>
  );
}
