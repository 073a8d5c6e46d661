import Box from '@mui/material/Box';

/** First focusable element of every layout: jumps to `#main-content`. */
export function SkipLink() {
  return (
    <Box
      component="a"
      href="#main-content"
      onClick={(event: React.MouseEvent) => {
        event.preventDefault();
        document.getElementById('main-content')?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 16,
        top: -64,
        zIndex: 2000,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        px: 2,
        py: 1,
        borderRadius: 1,
        fontWeight: 600,
        textDecoration: 'none',
        '&:focus': { top: 12 },
      }}
    >
      Skip to main content
    </Box>
  );
}
