import { createTheme } from '@mui/material/styles';

/**
 * A calm golf palette: deep fairway greens, cream paper and a warm brass accent.
 * Text colours keep WCAG AA contrast on both cream and white.
 */
export const brand = {
  green900: '#0f2a1f',
  green800: '#173f2f',
  green700: '#1f5540',
  green600: '#2b6b51',
  green100: '#e3eee6',
  cream: '#f7f2e6',
  creamDeep: '#efe6d2',
  paper: '#fffdf8',
  brass: '#c98b2b',
  brassLight: '#e7b964',
  ink: '#18231d',
  inkSoft: '#46574d',
} as const;

const headingFont = '"Fraunces Variable", "Fraunces", "Iowan Old Style", "Palatino Linotype", Georgia, serif';
const bodyFont =
  '"Inter Variable", "Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: brand.green800, dark: brand.green900, light: brand.green600, contrastText: '#ffffff' },
    secondary: { main: brand.brass, light: brand.brassLight, dark: '#8a5a12', contrastText: brand.green900 },
    background: { default: brand.cream, paper: brand.paper },
    text: { primary: brand.ink, secondary: brand.inkSoft },
    error: { main: '#b3261e' },
    success: { main: brand.green600 },
    // MUI's default orange and light blue carry white text at 3.1:1 and 3.9:1; these keep the
    // status chips (console, billing) at WCAG AA (5.0:1 and 7.4:1).
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#01579b', contrastText: '#ffffff' },
    divider: 'rgba(23, 63, 47, 0.14)',
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: bodyFont,
    h1: {
      fontFamily: headingFont,
      fontWeight: 600,
      fontSize: 'clamp(2.3rem, 5vw, 3.9rem)',
      lineHeight: 1.08,
      letterSpacing: '-0.02em',
    },
    h2: {
      fontFamily: headingFont,
      fontWeight: 600,
      fontSize: 'clamp(1.8rem, 3.4vw, 2.6rem)',
      lineHeight: 1.15,
      letterSpacing: '-0.015em',
    },
    h3: { fontFamily: headingFont, fontWeight: 600, fontSize: 'clamp(1.4rem, 2.4vw, 1.85rem)', lineHeight: 1.2 },
    h4: { fontFamily: headingFont, fontWeight: 600, fontSize: '1.35rem', lineHeight: 1.25 },
    h5: { fontFamily: headingFont, fontWeight: 600, fontSize: '1.15rem' },
    h6: { fontWeight: 700, fontSize: '1rem' },
    subtitle1: { fontSize: '1.125rem', lineHeight: 1.6 },
    body1: { fontSize: '1rem', lineHeight: 1.7 },
    body2: { fontSize: '0.9375rem', lineHeight: 1.6 },
    overline: { fontWeight: 700, letterSpacing: '0.14em', fontSize: '0.75rem' },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: '0.01em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        html: { scrollBehavior: 'smooth' },
        body: { WebkitFontSmoothing: 'antialiased' },
        '::selection': { background: brand.brassLight, color: brand.green900 },
        '@media (prefers-reduced-motion: reduce)': { html: { scrollBehavior: 'auto' } },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 999, paddingInline: 22, paddingBlock: 10 },
        sizeLarge: { paddingInline: 30, paddingBlock: 13, fontSize: '1rem' },
        sizeSmall: { paddingInline: 14, paddingBlock: 6 },
      },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 16 } } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          border: '1px solid rgba(23, 63, 47, 0.12)',
          boxShadow: '0 1px 2px rgba(16, 42, 31, 0.04), 0 8px 24px rgba(16, 42, 31, 0.06)',
        },
      },
    },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: `3px solid ${brand.brass}`, outlineOffset: 2 },
        },
      },
    },
  },
});
