import Box from '@mui/material/Box';

/** Hidden from sight, not from assistive technology (the usual "visually hidden" rules). */
export const visuallyHiddenSx = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * A polite live region (WCAG 4.1.3 Status Messages): screen readers read `message` each time it
 * changes, after what they are saying, and focus stays where it is. Keep it mounted (a region
 * added together with its text is often not announced); bump `sequence` to repeat a message.
 */
export function LiveRegion({ message, sequence = 0 }: { message: string; sequence?: number }) {
  return (
    <Box role="status" aria-live="polite" aria-atomic="true" sx={visuallyHiddenSx} data-testid="live-region">
      {/* The same words twice in a row are no change to announce: a no-break space tells them apart. */}
      {message ? `${message}${sequence % 2 ? '\u00a0' : ''}` : ''}
    </Box>
  );
}

/** Turns off transitions and animations inside an element when the visitor asks for less motion. */
export const reducedMotionSx = {
  '@media (prefers-reduced-motion: reduce)': {
    '&, & *, & *::before, & *::after': {
      transition: 'none !important',
      animation: 'none !important',
      scrollBehavior: 'auto !important',
    },
  },
} as const;
