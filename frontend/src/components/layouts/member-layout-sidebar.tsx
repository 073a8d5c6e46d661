import type { ReactElement } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import SportsGolfRounded from '@mui/icons-material/SportsGolfRounded';
import { ADMIN_NAV_ITEM, sidebarNavItems } from '@/components/layouts/member-layout-nav';
import { useSiteConfig } from '@/lib/site-config';
import { paths } from '@/config/paths';

export const TOOLTIP_DELAYS = { enterDelay: 700, enterNextDelay: 300 } as const;

type SidebarContentProps = {
  isPremium: boolean;
  /** An admin (`role === 'admin'`) also gets the "Founder Console" entry. */
  isAdmin?: boolean;
  onLogout: () => void;
  loggingOut?: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
};

/**
 * The member sidebar's content: the product name and "Member Area", the member navigation (icons
 * only with tooltips when `collapsed`), Back to Site and Log Out.
 */
export function SidebarContent({
  isPremium,
  isAdmin = false,
  onLogout,
  loggingOut,
  collapsed,
  onNavigate,
}: SidebarContentProps) {
  const items = sidebarNavItems(isPremium, isAdmin);
  const productName = useSiteConfig()?.productName;
  const { pathname } = useLocation();

  const row = {
    minHeight: 44,
    borderRadius: 2,
    mx: 1,
    width: 'auto',
    px: collapsed ? 1.5 : 1.75,
    justifyContent: collapsed ? 'center' : 'flex-start',
    color: 'inherit',
  } as const;

  const withTooltip = (label: string, node: ReactElement) =>
    collapsed ? (
      <Tooltip title={label} placement="right" {...TOOLTIP_DELAYS}>
        {node}
      </Tooltip>
    ) : (
      node
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflow: 'hidden' }}>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{
          alignItems: 'center',
          px: collapsed ? 0 : 2.5,
          py: 2.5,
          justifyContent: collapsed ? 'center' : 'flex-start',
        }}
      >
        <Avatar sx={{ bgcolor: 'secondary.main', color: 'primary.dark', width: 40, height: 40 }} aria-hidden>
          <SportsGolfRounded />
        </Avatar>
        {!collapsed && (
          <Box sx={{ minWidth: 0 }}>
            <Typography
              component="p"
              sx={{
                fontFamily: (t) => t.typography.h4.fontFamily,
                fontWeight: 600,
                fontSize: '1.2rem',
                lineHeight: 1.2,
              }}
              noWrap
            >
              {productName}
            </Typography>
            <Typography variant="caption" sx={{ opacity: 0.75, letterSpacing: '0.08em', textTransform: 'uppercase' }}>
              Member Area
            </Typography>
          </Box>
        )}
      </Stack>
      <Divider sx={{ borderColor: 'rgba(255,255,255,0.12)' }} />
      <Box
        component="nav"
        aria-label="Member navigation"
        sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 1.5 }}
      >
        <List disablePadding sx={{ display: 'grid', gap: 0.25 }}>
          {items.map((item) => {
            const Icon = item.icon;
            const active =
              pathname === item.href ||
              (item.href === paths.member.home.getHref() && pathname === paths.member.root.getHref()) ||
              (item === ADMIN_NAV_ITEM && pathname.startsWith(`${item.href}/`));
            return (
              <li key={item.href}>
                {withTooltip(
                  item.label,
                  <ListItemButton
                    component={NavLink}
                    to={item.href}
                    onClick={onNavigate}
                    aria-current={active ? 'page' : undefined}
                    aria-label={collapsed ? item.label : undefined}
                    sx={(theme) => ({
                      ...row,
                      ...(active && {
                        bgcolor: alpha(theme.palette.secondary.main, 0.18),
                        color: theme.palette.secondary.light,
                        '&:hover': { bgcolor: alpha(theme.palette.secondary.main, 0.24) },
                      }),
                      '&:hover': active ? undefined : { bgcolor: 'rgba(255,255,255,0.08)' },
                    })}
                  >
                    <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, color: 'inherit' }}>
                      <Icon fontSize="small" />
                    </ListItemIcon>
                    {!collapsed && (
                      <ListItemText
                        primary={item.label}
                        slotProps={{
                          primary: { noWrap: true, sx: { fontSize: '0.95rem', fontWeight: active ? 600 : 500 } },
                        }}
                      />
                    )}
                  </ListItemButton>,
                )}
              </li>
            );
          })}
        </List>
      </Box>
      <Divider sx={{ borderColor: 'rgba(255,255,255,0.12)' }} />
      <List disablePadding sx={{ py: 1.5, display: 'grid', gap: 0.25 }}>
        <li>
          {withTooltip(
            'Back to Site',
            <ListItemButton
              component={RouterLink}
              to={paths.home.getHref()}
              onClick={onNavigate}
              aria-label={collapsed ? 'Back to Site' : undefined}
              sx={{ ...row, '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' } }}
            >
              <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, color: 'inherit' }}>
                <ArrowBackRounded fontSize="small" />
              </ListItemIcon>
              {!collapsed && <ListItemText primary="Back to Site" />}
            </ListItemButton>,
          )}
        </li>
        <li>
          {withTooltip(
            'Log Out',
            <ListItemButton
              onClick={onLogout}
              disabled={loggingOut}
              aria-label={collapsed ? 'Log Out' : undefined}
              sx={{ ...row, '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' } }}
            >
              <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, color: 'inherit' }}>
                <LogoutRounded fontSize="small" />
              </ListItemIcon>
              {!collapsed && <ListItemText primary="Log Out" />}
            </ListItemButton>,
          )}
        </li>
      </List>
    </Box>
  );
}
