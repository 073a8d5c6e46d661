import Box, { type BoxProps } from '@mui/material/Box';

/**
 * A pulsing placeholder block (lighter than MUI's Skeleton, which keeps it off the first
 * page's bundle). Hidden from assistive technology; wrap groups in an element with
 * aria-busy and a label instead.
 */
export function Skeleton({
  variant = 'rect',
  width = '100%',
  height = 16,
  sx,
  ...rest
}: { variant?: 'rect' | 'text' | 'circle'; width?: number | string; height?: number | string } & Omit<
  BoxProps,
  'width' | 'height'
>) {
  return (
    <Box
      aria-hidden="true"
      {...rest}
      sx={[
        {
          width,
          height,
          borderRadius: variant === 'circle' ? '50%' : variant === 'text' ? 1 : 2,
          my: variant === 'text' ? 0.75 : 0,
          bgcolor: 'rgba(23, 63, 47, 0.09)',
          animation: 'fm-pulse 1.6s ease-in-out 0.4s infinite',
          '@keyframes fm-pulse': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } },
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
