import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** The full-page "Loading..." spinner shown while the current user loads (SPEC §2). */
export function PageSpinner({ label = 'Loading...', minHeight = '100vh' }: { label?: string; minHeight?: string | number }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight, display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}
    >
      <CircularProgress aria-hidden="true" color="primary" size={40} thickness={4} />
      <Typography color="text.secondary" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
    </Box>
  );
}
