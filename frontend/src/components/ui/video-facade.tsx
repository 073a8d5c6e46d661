import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import { brand } from '@/config/theme';
import { useIsland } from '@/lib/use-island';
import { toPrivacyEmbedUrl } from '@/lib/video-embed';

const ALLOW =
  'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen; web-share';

/**
 * Puts the player into its slot. public/boot.js does the same before the app is live (from the
 * poster's data-fm-src, data-fm-title, data-fm-allow), so the page plays without the app.
 */
function mountPlayer(slot: HTMLElement, src: string, title: string) {
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.title = title;
  frame.allow = ALLOW;
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  slot.replaceChildren(frame);
}

/**
 * A public page's video (home, lesson): a poster drawn in CSS with a play button, in the frame
 * the player will take (16:9, no layout shift); the YouTube (youtube-nocookie, autoplay) or
 * Vimeo player loads only when the visitor presses play. Until then the page makes no
 * third-party request. The player goes into a slot React leaves alone (its content is not
 * React's), so the same poster plays on a prerendered page before the app is live (boot.js)
 * and hydrates with the player in place.
 */
export function VideoFacade({ url, title }: { url: string; title: string }) {
  return <VideoFrame key={url} src={toPrivacyEmbedUrl(url, { autoplay: true })} title={title} />;
}

function VideoFrame({ src, title }: { src: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  const slotRef = useRef<HTMLDivElement>(null);
  const posterRef = useIsland<HTMLButtonElement>((poster) => {
    if (poster.previousElementSibling?.querySelector('iframe')) setPlaying(true);
  });
  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: '16 / 9',
        borderRadius: 3,
        overflow: 'hidden',
        bgcolor: '#0f2a1f',
        boxShadow: '0 24px 60px rgba(15, 42, 31, 0.22)',
      }}
    >
      <Box
        ref={slotRef}
        data-fm-player=""
        dangerouslySetInnerHTML={{ __html: '' }}
        suppressHydrationWarning
        sx={{
          position: 'absolute',
          inset: 0,
          '& > iframe': { display: 'block', width: '100%', height: '100%', border: 0 },
        }}
      />
      <Box
        component="button"
        ref={posterRef}
        type="button"
        hidden={playing}
        suppressHydrationWarning
        data-fm-video=""
        data-fm-src={src}
        data-fm-title={title}
        data-fm-allow={ALLOW}
        onClick={() => {
          if (slotRef.current) mountPlayer(slotRef.current, src, title);
          setPlaying(true);
        }}
        aria-label={`Play video: ${title}`}
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'grid',
          placeItems: 'center',
          width: '100%',
          height: '100%',
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
          '&[hidden]': { display: 'none' },
          '&:focus-visible': { outline: `3px solid ${brand.brass}`, outlineOffset: -3 },
          '&:focus-visible .fm-play': { transform: 'scale(1.08)' },
          // Only where there is a hover: a tap on a phone would apply it too, one style pass more
          // before the tap's click (~6 ms of the first tap's input delay at 4× CPU) and a "sticky"
          // hover after it.
          '@media (hover: hover)': { '&:hover .fm-play': { transform: 'scale(1.08)' } },
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
    </Box>
  );
}
