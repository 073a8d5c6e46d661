import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The full-page "Loading..." spinner shown while the current user loads (SPEC §2). */
export function PageSpinner({
  label = 'Loading...',
  minHeight = '100vh',
}: {
  label?: string;
  minHeight?: string | number;
}) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight, display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}
    >
      <Box
        aria-hidden="true"
        sx={{
          width: 40,
          height: 40,
          borderRadius: '50%',
          border: '4px solid rgba(23, 63, 47, 0.14)',
          borderTopColor: 'primary.main',
          animation: 'fm-spin 0.9s linear infinite',
          '@keyframes fm-spin': { to: { transform: 'rotate(360deg)' } },
          '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
        }}
      />
      <Typography color="text.secondary" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
    </Box>
  );
}
