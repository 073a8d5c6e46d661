import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { appConfig } from '@/config/app-config';
import { useIsland } from '@/lib/use-island';
import { VisuallyHidden } from '@/components/ui/visually-hidden';

/**
 * Socials: a disclosure button with a short list of external links (the disclosure-navigation
 * pattern, lighter than a popup menu). Arrow keys move between links; Escape closes and returns
 * focus to the button; clicking or tabbing outside closes it.
 */
export function SocialsMenu() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  // Before the app is live, public/boot.js opens and closes the list (the attributes below).
  const islandRef = useIsland<HTMLButtonElement>((button) => {
    if (button.getAttribute('aria-expanded') === 'true') setOpen(true);
  }, buttonRef);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = Array.from(containerRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
    if (!links.length) {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        setOpen(true);
      }
      return;
    }
    event.preventDefault();
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === 'ArrowDown' ? (index + 1) % links.length : (index - 1 + links.length) % links.length;
    links[index === -1 ? 0 : next]?.focus();
  };

  return (
    <Box
      ref={containerRef}
      onKeyDown={onKeyDown}
      onBlur={(event: FocusEvent<HTMLDivElement>) => {
        if (!containerRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      sx={{ position: 'relative' }}
    >
      <Button
        ref={islandRef}
        color="inherit"
        aria-expanded={open}
        aria-controls={listId}
        data-fm-disclosure=""
        data-fm-dismiss=""
        suppressHydrationWarning
        endIcon={<KeyboardArrowDownIcon sx={{ transition: 'transform 150ms' }} />}
        onClick={() => setOpen((value) => !value)}
        sx={{ fontWeight: 500, '&[aria-expanded="true"] .MuiButton-endIcon > svg': { transform: 'rotate(180deg)' } }}
      >
        Socials
      </Button>
      <Paper
        id={listId}
        component="ul"
        hidden={!open}
        suppressHydrationWarning
        elevation={0}
        sx={{
          position: 'absolute',
          top: 'calc(100% + 8px)',
          left: 0,
          minWidth: 200,
          m: 0,
          p: 0.75,
          listStyle: 'none',
          border: '1px solid',
          borderColor: 'divider',
          boxShadow: '0 16px 40px rgba(16, 42, 31, 0.14)',
          animation: 'fm-pop 140ms ease-out',
          '&[hidden]': { display: 'none' },
          '@keyframes fm-pop': {
            from: { opacity: 0, transform: 'translateY(-4px)' },
            to: { opacity: 1, transform: 'none' },
          },
        }}
      >
        {appConfig.socials.map((social) => (
          <li key={social.id}>
            <Box
              component="a"
              href={social.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => setOpen(false)}
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 2,
                px: 1.5,
                py: 1,
                borderRadius: 1.5,
                color: 'text.primary',
                textDecoration: 'none',
                fontWeight: 500,
                '&:hover, &:focus-visible': { bgcolor: 'rgba(23, 63, 47, 0.07)', outline: 'none' },
              }}
            >
              {social.label}
              <OpenInNewIcon fontSize="small" aria-hidden="true" sx={{ opacity: 0.5 }} />
              <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
            </Box>
          </li>
        ))}
      </Paper>
    </Box>
  );
}
