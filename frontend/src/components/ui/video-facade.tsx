import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import { brand } from '@/config/theme';

// The player's code too loads on play only.
const VideoEmbed = lazy(() => import('@/components/ui/video-embed').then((m) => ({ default: m.VideoEmbed })));

/**
 * A public page's video (home, lesson): a poster drawn in CSS with a play button, in the frame
 * the player will take (16:9, no layout shift); the YouTube (youtube-nocookie) or Vimeo player
 * loads only when the visitor presses play. Until then the page makes no third-party request.
 */
export function VideoFacade({ url, title }: { url: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <Suspense fallback={<Box sx={{ width: '100%', aspectRatio: '16 / 9', borderRadius: 3, bgcolor: '#0f2a1f' }} />}>
        <VideoEmbed url={url} title={title} started />
      </Suspense>
    );
  }
  return (
    <Box
      component="button"
      type="button"
      onClick={() => setPlaying(true)}
      aria-label={`Play video: ${title}`}
      sx={{
        position: 'relative',
        display: 'grid',
        placeItems: 'center',
        width: '100%',
        aspectRatio: '16 / 9',
        p: 0,
        border: 0,
        borderRadius: 3,
        overflow: 'hidden',
        cursor: 'pointer',
        color: '#fff',
        font: 'inherit',
        backgroundColor: '#0f2a1f',
        backgroundImage: `radial-gradient(600px 300px at 80% 10%, rgba(231, 185, 100, 0.28), transparent 60%),
          linear-gradient(150deg, ${brand.green700}, ${brand.green900})`,
        boxShadow: '0 24px 60px rgba(15, 42, 31, 0.22)',
        '&:focus-visible': { outline: `3px solid ${brand.brass}`, outlineOffset: 3 },
        '&:hover .fm-play, &:focus-visible .fm-play': { transform: 'scale(1.08)' },
      }}
    >
      <Box
        className="fm-play"
        aria-hidden="true"
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: { xs: 64, sm: 80 },
          height: { xs: 64, sm: 80 },
          borderRadius: '50%',
          bgcolor: brand.brass,
          color: brand.green900,
          boxShadow: '0 12px 30px rgba(0, 0, 0, 0.3)',
          transition: 'transform 150ms ease-out',
          '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
        }}
      >
        <PlayArrowRoundedIcon sx={{ fontSize: { xs: 40, sm: 50 } }} />
      </Box>
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          position: 'absolute',
          left: { xs: 16, sm: 24 },
          right: { xs: 16, sm: 24 },
          bottom: { xs: 12, sm: 20 },
          textAlign: 'left',
          fontWeight: 600,
          fontSize: { xs: '0.95rem', sm: '1.1rem' },
          textShadow: '0 1px 2px rgba(0, 0, 0, 0.4)',
        }}
      >
        {title}
      </Box>
    </Box>
  );
}
