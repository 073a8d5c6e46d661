import Box from '@mui/material/Box';
import { useSiteConfig } from '@/lib/site-config';

/** The flag-and-ball mark plus the product name. */
export function LogoMark({ size = 34 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" sx={{ flexShrink: 0 }}>
      <rect width="64" height="64" rx="16" fill="#173f2f" />
      <circle cx="31" cy="40" r="12" fill="#f7f2e6" />
      <circle cx="27" cy="37" r="1.6" fill="#d8cfb9" />
      <circle cx="33" cy="35" r="1.6" fill="#d8cfb9" />
      <circle cx="30" cy="43" r="1.6" fill="#d8cfb9" />
      <path d="M38 10v24" stroke="#e7b964" strokeWidth="3" strokeLinecap="round" />
      <path d="M39 11l12 5-12 5z" fill="#e7b964" />
    </Box>
  );
}

export function Wordmark({ inverse = false }: { inverse?: boolean }) {
  const site = useSiteConfig();
  return (
    <Box
      component="span"
      sx={{
        fontFamily: (theme) => theme.typography.h1.fontFamily,
        fontWeight: 600,
        fontSize: '1.3rem',
        letterSpacing: '-0.01em',
        color: inverse ? '#fff' : 'primary.main',
        whiteSpace: 'nowrap',
      }}
    >
      {site?.productName}
    </Box>
  );
}
