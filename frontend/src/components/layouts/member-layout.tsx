import { Suspense, useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha } from '@mui/material/styles';
import MenuOpenRounded from '@mui/icons-material/MenuOpenRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import { SkipLink } from '@/components/layouts/skip-link';
import { SidebarContent, TOOLTIP_DELAYS } from '@/components/layouts/member-layout-sidebar';
import {
  MOBILE_BREAKPOINT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_COLLAPSED,
  isSidebarShortcut,
  readSidebarCookie,
  writeSidebarCookie,
} from '@/components/layouts/member-layout-sidebar-state';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useSiteConfig } from '@/lib/site-config';
import { paths } from '@/config/paths';

export type MemberLayoutProps = {
  isPremium: boolean;
  /** An admin (`role === 'admin'`) also gets the "Founder Console" entry. */
  isAdmin?: boolean;
  /** Display name for the top bar ("Jordan Spieth"); the email when no name is known. */
  userName?: string | null;
  onLogout: () => void;
  loggingOut?: boolean;
};

function initials(name: string | null | undefined): string {
  if (!name) return '?';
  const parts = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

const sidebarPaperSx = {
  bgcolor: 'primary.dark',
  color: 'rgba(255, 253, 248, 0.92)',
  borderRight: 'none',
  backgroundImage: 'linear-gradient(180deg, rgba(255,255,255,0.03), rgba(0,0,0,0.12))',
} as const;

/**
 * The member-area layout (SPEC §2, §4, §9): a sidebar titled with the product name and
 * "Member Area" (20rem, or 4rem collapsed to icons; the choice is kept in the `sidebar_state`
 * cookie for 7 days; Ctrl/Cmd+B toggles it), a drawer with its own open state below 768 px,
 * Back to Site and Log Out, and the page in <main>.
 */
export function MemberLayout(props: MemberLayoutProps) {
  const { isPremium, userName } = props;
  const productName = useSiteConfig()?.productName;
  const isMobile = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT - 1}px)`, { noSsr: true });
  const [open, setOpen] = useState(() => readSidebarCookie());
  const { pathname } = useLocation();
  // The mobile drawer stays open only on the page it was opened on: it closes when the page changes.
  const [openMobileAt, setOpenMobileAt] = useState<string | null>(null);
  const openMobile = openMobileAt === pathname;

  const setDesktopOpen = useCallback((value: boolean) => {
    setOpen(value);
    writeSidebarCookie(value);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobileAt((at) => (at === pathname ? null : pathname));
    else setDesktopOpen(!open);
  }, [isMobile, open, pathname, setDesktopOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isSidebarShortcut(event)) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const collapsed = !isMobile && !open;
  const width = collapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH;
  const expanded = isMobile ? openMobile : open;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      {isMobile ? (
        <Drawer
          variant="temporary"
          open={openMobile}
          onClose={() => setOpenMobileAt(null)}
          ModalProps={{ keepMounted: true }}
          slotProps={{
            paper: { id: 'member-sidebar', sx: { ...sidebarPaperSx, width: `min(${SIDEBAR_WIDTH}, 85vw)` } },
          }}
        >
          <SidebarContent {...props} collapsed={false} onNavigate={() => setOpenMobileAt(null)} />
        </Drawer>
      ) : (
        <Box
          component="aside"
          id="member-sidebar"
          data-state={open ? 'expanded' : 'collapsed'}
          sx={(theme) => ({
            ...sidebarPaperSx,
            width,
            flexShrink: 0,
            position: 'sticky',
            top: 0,
            height: '100vh',
            transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
          })}
        >
          <SidebarContent {...props} collapsed={collapsed} />
        </Box>
      )}

      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box
          component="header"
          sx={(theme) => ({
            position: 'sticky',
            top: 0,
            zIndex: theme.zIndex.appBar,
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            px: { xs: 1.5, sm: 3 },
            py: 1.25,
            bgcolor: alpha(theme.palette.background.default, 0.88),
            backdropFilter: 'blur(8px)',
            borderBottom: `1px solid ${theme.palette.divider}`,
          })}
        >
          <Tooltip title={`${expanded ? 'Collapse' : 'Expand'} sidebar (Ctrl+B)`} {...TOOLTIP_DELAYS}>
            <IconButton
              onClick={toggleSidebar}
              aria-label="Toggle sidebar"
              aria-controls="member-sidebar"
              aria-expanded={expanded}
              edge="start"
            >
              {expanded && !isMobile ? <MenuOpenRounded /> : <MenuRounded />}
            </IconButton>
          </Tooltip>
          {isMobile && (
            <Typography
              sx={{ fontFamily: (t) => t.typography.h4.fontFamily, fontWeight: 600, fontSize: '1.1rem' }}
              noWrap
            >
              {productName}
            </Typography>
          )}
          <Box sx={{ flex: 1 }} />
          {isPremium ? (
            <Chip
              icon={<WorkspacePremiumRounded />}
              label="Premium"
              size="small"
              sx={{ bgcolor: 'secondary.light', color: 'primary.dark', '& .MuiChip-icon': { color: 'primary.dark' } }}
            />
          ) : pathname === paths.checkout.getHref() ? null : (
            <Button
              component={RouterLink}
              to={paths.checkout.getHref()}
              size="small"
              variant="contained"
              color="secondary"
              startIcon={isMobile ? undefined : <WorkspacePremiumRounded />}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              Go Premium
            </Button>
          )}
          <Tooltip title={userName ?? 'Your Account'} {...TOOLTIP_DELAYS}>
            {/* The name starts with the initials it shows (WCAG 2.5.3 Label in Name: "click C T" works). */}
            <Avatar
              component={RouterLink}
              to={paths.member.account.getHref()}
              aria-label={`${initials(userName)}, Your Account`}
              sx={{ width: 34, height: 34, fontSize: '0.85rem', bgcolor: 'primary.main', textDecoration: 'none' }}
            >
              {initials(userName)}
            </Avatar>
          </Tooltip>
        </Box>
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flex: 1, outline: 'none', px: { xs: 2, sm: 3, md: 5 }, py: { xs: 3, md: 5 } }}
        >
          <Box sx={{ maxWidth: 1180, mx: 'auto' }}>
            <Suspense fallback={<PageSpinner minHeight="50vh" />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
