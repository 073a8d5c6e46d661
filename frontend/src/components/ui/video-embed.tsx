import Box from '@mui/material/Box';
import { toEmbedUrl, toPrivacyEmbedUrl, toTrackedEmbedUrl } from '@/lib/video-embed';

/**
 * A responsive 16:9 (or 9:16 `portrait`, for short-form) video frame for a YouTube, Vimeo or
 * direct video URL (see lib/video-embed.ts). `title` names the frame for screen readers.
 * `started`: the visitor pressed play on a facade (video-facade.tsx): youtube-nocookie, autoplay.
 * `tracked`: the page follows the player (its iframe API on, `frameRef` gets the frame), from `startAt` s.
 */
export function VideoEmbed({
  url,
  title,
  portrait = false,
  started = false,
  tracked = false,
  startAt,
  frameRef,
}: {
  url: string;
  title: string;
  portrait?: boolean;
  started?: boolean;
  tracked?: boolean;
  startAt?: number | null;
  frameRef?: (frame: HTMLIFrameElement | null) => void;
}) {
  const src = tracked
    ? toTrackedEmbedUrl(url, { origin: window.location.origin, start: startAt })
    : started
      ? toPrivacyEmbedUrl(url, { autoplay: true })
      : toEmbedUrl(url);
  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: portrait ? '9 / 16' : '16 / 9',
        borderRadius: 3,
        overflow: 'hidden',
        bgcolor: '#0f2a1f',
        boxShadow: '0 24px 60px rgba(15, 42, 31, 0.22)',
      }}
    >
      <Box
        component="iframe"
        ref={frameRef}
        src={src}
        title={title}
        loading="lazy"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen; web-share"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sx={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          border: 0,
          // Tab moves into the player: show where focus is (inside the frame, which clips outside it).
          '&:focus': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: '-3px' },
        }}
      />
    </Box>
  );
}
