import { useEffect, useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import MenuIcon from '@mui/icons-material/Menu';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { LogoMark, Wordmark } from '@/components/brand/logo';
import { appConfig } from '@/config/app-config';
import { paths } from '@/config/paths';

/** SPEC §9: below 768 px the header collapses into a toggled menu. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

const navLinks = [
  { label: 'About', href: paths.about.getHref() },
  { label: 'Contact', href: paths.contact.getHref() },
];

export function SiteHeader() {
  const isMobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const menuId = useId();

  // Close the mobile menu on navigation and when the screen grows past the breakpoint.
  useEffect(() => setMenuOpen(false), [pathname, isMobile]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <AppBar
      component="header"
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        bgcolor: 'rgba(247, 242, 230, 0.88)',
        backdropFilter: 'saturate(160%) blur(12px)',
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 64, md: 76 }, gap: 2 }}>
          <Box
            component={RouterLink}
            to={paths.home.getHref()}
            aria-label={`${appConfig.productName} home`}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.25, textDecoration: 'none', mr: 'auto', borderRadius: 1 }}
          >
            <LogoMark />
            <Wordmark />
          </Box>

          {!isMobile && (
            <>
              <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                {navLinks.map((link) => (
                  <Button key={link.href} component={RouterLink} to={link.href} color="inherit" sx={{ fontWeight: 500 }}>
                    {link.label}
                  </Button>
                ))}
                <SocialsMenu />
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 1 }}>
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

          {isMobile && (
            <IconButton
              edge="end"
              color="primary"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </IconButton>
          )}
        </Toolbar>
      </Container>

      {isMobile && (
        <Collapse in={menuOpen} timeout={180} unmountOnExit>
          <Box
            id={menuId}
            component="nav"
            aria-label="Mobile"
            sx={{ borderTop: '1px solid', borderColor: 'divider', bgcolor: 'background.default', px: 2, pt: 1, pb: 3 }}
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
            <Divider sx={{ my: 2 }} />
            <Box sx={{ display: 'grid', gap: 1.25 }}>
              <Button component={RouterLink} to={paths.signup.getHref()} variant="contained" size="large" onClick={closeMenu}>
                Start Free
              </Button>
              <Button component={RouterLink} to={paths.membership.getHref()} variant="outlined" size="large" onClick={closeMenu}>
                Go Premium
              </Button>
              <Button component={RouterLink} to={paths.login.getHref()} size="large" onClick={closeMenu}>
                Member Login
              </Button>
            </Box>
          </Box>
        </Collapse>
      )}
    </AppBar>
  );
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
        <Box component="span" sx={visuallyHidden}>
          (opens in a new tab)
        </Box>
      </Box>
    );
  }
  return (
    <Box component={RouterLink} to={href} onClick={onClick} sx={sx}>
      {children}
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function SocialsMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = Boolean(anchor);
  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        endIcon={<KeyboardArrowDownIcon sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }} />}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        sx={{ fontWeight: 500 }}
      >
        Socials
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      >
        {appConfig.socials.map((social) => (
          <MenuItem
            key={social.id}
            component="a"
            href={social.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setAnchor(null)}
            sx={{ minWidth: 180, justifyContent: 'space-between', gap: 2 }}
          >
            {social.label}
            <OpenInNewIcon fontSize="small" aria-hidden="true" sx={{ opacity: 0.5 }} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
