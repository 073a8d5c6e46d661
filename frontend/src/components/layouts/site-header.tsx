import { useContext, useEffect, useId, useState } from 'react';
import { Link as RouterLink, UNSAFE_NavigationContext, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { LogoMark, Wordmark } from '@/components/brand/logo';
import { SocialsMenu } from '@/components/layouts/site-header-socials-menu';
import { appConfig } from '@/config/app-config';
import { useSiteConfig } from '@/lib/site-config';
import { useIsland } from '@/lib/use-island';
import { useMediaQueryAfterHydration } from '@/lib/use-media-query';
import { paths } from '@/config/paths';
import { VisuallyHidden } from '@/components/ui/visually-hidden';

/** SPEC §9: below 768 px the header collapses into a toggled menu. */
export const MOBILE_QUERY = '(max-width: 767.98px)';
/** While the screen is not known yet (prerendered HTML, hydration): CSS shows the right variant. */
const desktopOnly = { [`@media ${MOBILE_QUERY}`]: { display: 'none' } } as const;
const mobileOnly = { '@media (min-width: 768px)': { display: 'none' } } as const;

const navLinks = [
  { label: 'About', href: paths.about.getHref() },
  { label: 'Contact', href: paths.contact.getHref() },
];

export function SiteHeader() {
  const productName = useSiteConfig()?.productName;
  // undefined while prerendering and hydrating: both variants, CSS picks one (no layout shift).
  const mobileScreen = useMediaQueryAfterHydration(MOBILE_QUERY);
  const showDesktop = mobileScreen !== true;
  const showMobile = mobileScreen !== false;
  const unknown = mobileScreen === undefined;
  const requestedPathname = useRequestedPathname();
  const menuId = useId();
  // The mobile menu stays open only on the page and screen size it was opened on: it closes on
  // navigation and when the screen grows past the breakpoint. The key holds showMobile, which is
  // true both while the screen is unknown (hydration) and on a phone: a tap between hydration and
  // the render that knows the screen keeps the menu open (the key is the same one render later).
  // The page is the one asked for, not the one shown: a menu opened while the next page's code
  // loads stays open when that page arrives (read when it happens: the URL changes before the
  // header renders again).
  const here = () => `${requestedPathname()} ${showMobile}`;
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === here();
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? here() : null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpenAt(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);
  // Before the app is live, public/boot.js opens and closes the menu (the attributes below).
  const menuButtonRef = useIsland<HTMLButtonElement>((button) => {
    if (button.getAttribute('aria-expanded') !== 'true') return;
    setMenuOpenAt(here());
  });

  return (
    <AppBar
      component="header"
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        bgcolor: 'rgba(247, 242, 230, 0.88)',
        backdropFilter: 'saturate(160%) blur(12px)',
        // An open phone menu covers the page: no blurred backdrop to repaint over it (first tap).
        '&:has(> nav:not([hidden]))': { backdropFilter: 'none', bgcolor: 'background.default' },
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 64, md: 76 }, gap: 2 }}>
          <Box
            component={RouterLink}
            to={paths.home.getHref()}
            aria-label={productName ? `${productName} home` : 'Home'}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.25,
              textDecoration: 'none',
              mr: 'auto',
              borderRadius: 1,
            }}
          >
            <LogoMark />
            <Wordmark />
          </Box>

          {showDesktop && (
            <>
              <Box
                component="nav"
                aria-label="Main"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ...(unknown && desktopOnly) }}
              >
                {navLinks.map((link) => (
                  <Button
                    key={link.href}
                    component={RouterLink}
                    to={link.href}
                    color="inherit"
                    sx={{ fontWeight: 500 }}
                  >
                    {link.label}
                  </Button>
                ))}
                <SocialsMenu />
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 1, ...(unknown && desktopOnly) }}>
                <Button component={RouterLink} to={paths.login.getHref()} color="primary" sx={{ fontWeight: 600 }}>
                  Member Login
                </Button>
                <Button component={RouterLink} to={paths.membership.getHref()} variant="outlined" color="primary">
                  Go Premium
                </Button>
                <Button component={RouterLink} to={paths.signup.getHref()} variant="contained" color="primary">
                  Start Free
                </Button>
              </Box>
            </>
          )}

          {showMobile && (
            <IconButton
              ref={menuButtonRef}
              edge="end"
              color="primary"
              sx={{
                ...(unknown && mobileOnly),
                // Both icons are in the markup; the state shows one (boot.js only flips aria-expanded).
                '&[aria-expanded="true"] .fm-when-closed, &[aria-expanded="false"] .fm-when-open': { display: 'none' },
              }}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              data-fm-disclosure=""
              data-fm-labels="Open menu|Close menu"
              suppressHydrationWarning
              onClick={() => setMenuOpen(!menuOpen)}
            >
              <MenuIcon className="fm-when-closed" />
              <CloseIcon className="fm-when-open" />
            </IconButton>
          )}
        </Toolbar>
      </Container>

      {showMobile && (
        <Box
          id={menuId}
          component="nav"
          aria-label="Mobile"
          hidden={!menuOpen}
          suppressHydrationWarning
          sx={{
            borderTop: '1px solid',
            borderColor: 'divider',
            bgcolor: 'background.default',
            px: 2,
            pt: 1,
            pb: 3,
            maxHeight: 'calc(100vh - 64px)',
            overflowY: 'auto',
            animation: 'fm-drop 180ms ease-out',
            '&[hidden]': { display: 'none' },
            '@keyframes fm-drop': {
              from: { opacity: 0, transform: 'translateY(-6px)' },
              to: { opacity: 1, transform: 'none' },
            },
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        >
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {navLinks.map((link) => (
              <li key={link.href}>
                <MobileLink href={link.href} onClick={closeMenu}>
                  {link.label}
                </MobileLink>
              </li>
            ))}
          </Box>
          <Typography variant="overline" component="p" color="text.secondary" sx={{ mt: 1.5, mb: 0.5, px: 1.5 }}>
            Socials
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {appConfig.socials.map((social) => (
              <li key={social.id}>
                <MobileLink href={social.href} external onClick={closeMenu}>
                  {social.label}
                </MobileLink>
              </li>
            ))}
          </Box>
          <Box role="presentation" sx={{ borderTop: '1px solid', borderColor: 'divider', my: 2 }} />
          <Box sx={{ display: 'grid', gap: 1.25 }}>
            <Button
              component={RouterLink}
              to={paths.signup.getHref()}
              variant="contained"
              size="large"
              onClick={closeMenu}
            >
              Start Free
            </Button>
            <Button
              component={RouterLink}
              to={paths.membership.getHref()}
              variant="outlined"
              size="large"
              onClick={closeMenu}
            >
              Go Premium
            </Button>
            <Button component={RouterLink} to={paths.login.getHref()} size="large" onClick={closeMenu}>
              Member Login
            </Button>
          </Box>
        </Box>
      )}
    </AppBar>
  );
}

/**
 * Reads the path of the page the visitor is on or on the way to. React Router renders a
 * navigation in a transition: while the next page's code loads, useLocation() still answers the
 * page shown (the URL has changed already), and a menu opened then would close itself when the
 * new page arrives. The router's history (BrowserRouter's, MemoryRouter's) knows the path at
 * once; a router without one (StaticRouter, the prerender) answers the rendered path.
 */
function useRequestedPathname(): () => string {
  const { pathname } = useLocation(); // also renders the header again on every navigation
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const history = navigator as Partial<{ location: { pathname: string } }>;
  return () => history.location?.pathname ?? pathname;
}

function MobileLink({
  href,
  external = false,
  onClick,
  children,
}: {
  href: string;
  external?: boolean;
  onClick: () => void;
  children: string;
}) {
  const sx = {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    px: 1.5,
    py: 1.25,
    borderRadius: 2,
    color: 'text.primary',
    fontWeight: 500,
    fontSize: '1.05rem',
    textDecoration: 'none',
    '&:hover, &:focus-visible': { bgcolor: 'rgba(23, 63, 47, 0.06)' },
  } as const;
  if (external) {
    return (
      <Box component="a" href={href} target="_blank" rel="noopener noreferrer" onClick={onClick} sx={sx}>
        {children}
        <OpenInNewIcon fontSize="small" aria-hidden="true" sx={{ opacity: 0.5 }} />
        <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
      </Box>
    );
  }
  return (
    <Box component={RouterLink} to={href} onClick={onClick} sx={sx}>
      {children}
    </Box>
  );
}
