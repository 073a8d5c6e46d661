import type { MemberContent, MemberSection } from '@fm/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import SosRounded from '@mui/icons-material/SosRounded';
import { paths } from '@/config/paths';
import { AudioPlayer } from '@/features/audio/components/audio-player';
import { buildUrl } from '@/lib/base-query';
import type { OfflineItem } from '@/features/courses/offline/offline-plan';
import { sectionPath, useGetSectionQuery } from '@/features/member/api/get-section';
import { sectionContentPath, useGetSectionContentQuery } from '@/features/member/api/get-section-content';

const SOS_SECTION = 'sos-drills';

/** The SOS Drills section's first audio item (in the section's order): the reset to play on the course. */
export function pickSosReset(items: readonly MemberContent[]): MemberContent | undefined {
  return [...items].sort((a, b) => a.order - b.order).find((item) => item.contentType === 'audio' && item.audioUrl);
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * What "Ready for the course" stores for the SOS button of a Premium member: the section and its
 * items as the dialog asks for them, and the reset's audio (Premium media: the member's Premium
 * cache, deleted on sign-out and downgrade).
 */
export async function sosOfflineItems(): Promise<OfflineItem[]> {
  const sectionUrl = buildUrl(sectionPath(SOS_SECTION));
  const section = await getJson<MemberSection>(sectionUrl);
  const contentUrl = buildUrl(sectionContentPath(section.id));
  const reset = pickSosReset(await getJson<MemberContent[]>(contentUrl));
  return [
    { url: sectionUrl, kind: 'premium' },
    { url: contentUrl, kind: 'premium' },
    ...(reset?.audioUrl ? [{ url: reset.audioUrl, kind: 'premium' } as const] : []),
  ];
}

/** The SOS Drills section's first audio item: the reset to play on the course (Premium). */
function SosAudio() {
  const { data: section, isError: sectionFailed } = useGetSectionQuery(SOS_SECTION);
  const { data: items, isError: itemsFailed } = useGetSectionContentQuery(section?.id ?? '', { skip: !section });
  const reset = items && pickSosReset(items);
  if (sectionFailed || itemsFailed) return <Typography>The SOS reset could not be loaded.</Typography>;
  if (!reset?.audioUrl) return <Skeleton variant="rounded" height={96} />;
  return (
    <>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {reset.description}
      </Typography>
      <AudioPlayer src={reset.audioUrl} title={reset.title} autoPlayTrigger={1} />
    </>
  );
}

/**
 * The player's SOS button: the SOS reset audio in a dialog over the player, so closing it returns
 * to the same hole and shot. Premium only; a free member sees the upgrade prompt (and no request
 * for the Premium item is made).
 */
export function CoursePlayerSos({ isPremium }: { isPremium: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" color="error" startIcon={<SosRounded />} onClick={() => setOpen(true)}>
        SOS
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="sos-title" fullWidth maxWidth="sm">
        <DialogTitle id="sos-title">SOS reset</DialogTitle>
        <DialogContent>
          {isPremium ? (
            open && <SosAudio />
          ) : (
            <Typography>
              The SOS reset audio is part of Premium: a one-minute reset for the moments on the course when nerves show
              up.
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          {!isPremium && (
            <Button component={RouterLink} to={paths.checkout.getHref()} variant="contained">
              Upgrade to Premium
            </Button>
          )}
          <Button onClick={() => setOpen(false)}>Back to the hole</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
