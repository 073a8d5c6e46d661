import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { TOAST_SWIPE_THRESHOLD, type ToastItem } from '@/components/toast/toast-store';

export const TOAST_HOTKEY = 'F8';

type ToasterProps = { toasts: ToastItem[]; onDismiss: (id: string) => void };

/**
 * The toast region: a labelled landmark that F8 focuses (SPEC §9). Top of the screen on
 * phones, bottom-right and at most 420 px wide from the md breakpoint up.
 */
export function Toaster({ toasts, onDismiss }: ToasterProps) {
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const open = toasts.filter((t) => t.open);

  return (
    <Box
      component="section"
      ref={regionRef}
      tabIndex={-1}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        top: { xs: 0, md: 'auto' },
        bottom: { md: 0 },
        right: 0,
        left: { xs: 0, md: 'auto' },
        width: '100%',
        maxWidth: { md: 420 },
        p: 2,
        outline: 'none',
        pointerEvents: open.length ? 'auto' : 'none',
        '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 3px ${theme.palette.secondary.main}` },
      }}
    >
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {open.map((t) => (
          <ToastCard key={t.id} toast={t} onDismiss={onDismiss} />
        ))}
      </Box>
    </Box>
  );
}

function ToastCard({ toast, onDismiss: dismissById }: { toast: ToastItem; onDismiss: (id: string) => void }) {
  const { id } = toast;
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  // Where a swipe started (null when none is under way): state, since it styles the card.
  const [startX, setStartX] = useState<number | null>(null);
  const remaining = useRef(toast.duration);
  const startedAt = useRef(0);
  const onDismiss = useCallback(() => dismissById(id), [dismissById, id]);

  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    startedAt.current = Date.now();
    const timer = setTimeout(onDismiss, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
    };
  }, [paused, onDismiss]);

  const onPointerDown = (event: ReactPointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    setStartX(event.clientX);
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (startX === null) return;
    setOffset(Math.max(0, event.clientX - startX));
  };
  const endSwipe = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (startX === null) return;
    const distance = event.clientX - startX;
    setStartX(null);
    if (distance >= TOAST_SWIPE_THRESHOLD) onDismiss();
    else setOffset(0);
  };

  const destructive = toast.variant === 'destructive';

  return (
    <Box
      component="li"
      role={destructive ? 'alert' : 'status'}
      aria-atomic="true"
      data-variant={toast.variant}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endSwipe}
      onPointerCancel={() => {
        setStartX(null);
        setOffset(0);
      }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      sx={{
        position: 'relative',
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1.5,
        p: 2,
        pr: 5,
        borderRadius: 2,
        border: '1px solid',
        borderColor: destructive ? 'error.dark' : 'divider',
        bgcolor: destructive ? 'error.main' : 'background.paper',
        color: destructive ? 'error.contrastText' : 'text.primary',
        boxShadow: '0 12px 32px rgba(16, 42, 31, 0.18)',
        touchAction: 'pan-y',
        transform: `translateX(${offset}px)`,
        opacity: offset ? Math.max(0.3, 1 - offset / 300) : 1,
        transition: startX === null ? 'transform 160ms ease, opacity 160ms ease' : 'none',
        animation: 'fm-toast-in 220ms ease-out',
        '@keyframes fm-toast-in': {
          from: { opacity: 0, transform: 'translateY(8px)' },
          to: { opacity: 1, transform: 'translateY(0)' },
        },
        '@media (prefers-reduced-motion: reduce)': { animation: 'none', transition: 'none' },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        {toast.title && (
          <Typography component="div" sx={{ fontWeight: 700, fontSize: '0.95rem' }}>
            {toast.title}
          </Typography>
        )}
        {toast.description && (
          <Typography component="div" sx={{ fontSize: '0.9rem', opacity: 0.92, mt: toast.title ? 0.25 : 0 }}>
            {toast.description}
          </Typography>
        )}
      </Box>
      <IconButton
        aria-label="Close notification"
        size="small"
        onClick={onDismiss}
        sx={{ position: 'absolute', top: 6, right: 6, color: 'inherit', opacity: 0.8 }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
