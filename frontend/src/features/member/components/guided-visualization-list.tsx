import type { GuidedVisualization } from '@fm/contracts';
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import { useGetGuidedVisualizationsQuery } from '@/features/member/api/get-guided-visualizations';
import { formatTime } from '@/lib/format-time';
import { ContentSkeleton, PremiumContent } from '@/features/member/components/premium-content';

/** The four fixed items of SPEC §2: one skeleton card for each while they load. */
export const GUIDED_SKELETON_COUNT = 4;

const grid = { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } } as const;

/**
 * /guided-visualizations: the four fixed guided audio items (Premium content, read from the
 * content service), each with play/pause and its script. One shared audio element, so
 * starting one pauses the other.
 */
export function GuidedVisualizationList() {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState({ current: 0, duration: 0 });
  const [openScript, setOpenScript] = useState<string | null>(null);

  useEffect(() => () => audioRef.current?.pause(), []);

  const guided = useGetGuidedVisualizationsQuery();

  const toggle = ({ id, audioUrl }: GuidedVisualization) => {
    const audio = audioRef.current;
    if (!audio) return;
    if (activeId === id && playing) {
      audio.pause();
      setPlaying(false);
      return;
    }
    if (activeId !== id) {
      audio.src = audioUrl;
      audio.load();
      setActiveId(id);
      setProgress({ current: 0, duration: 0 });
    }
    setPlaying(true);
    try {
      const result = audio.play();
      result?.catch?.((error: unknown) => {
        console.error('Audio playback failed', error);
        setPlaying(false);
      });
    } catch (error) {
      console.error('Audio playback failed', error);
      setPlaying(false);
    }
  };

  return (
    <>
      <audio
        ref={audioRef}
        preload="none"
        onTimeUpdate={(e) => setProgress((p) => ({ ...p, current: e.currentTarget.currentTime }))}
        onLoadedMetadata={(e) => setProgress((p) => ({ ...p, duration: e.currentTarget.duration }))}
        onPause={() => setPlaying(false)}
        onPlay={() => setPlaying(true)}
        onEnded={() => setPlaying(false)}
        onError={(e) => activeId && console.error(`Audio could not be loaded: ${e.currentTarget.getAttribute('src')}`)}
      />
      <PremiumContent
        result={guided}
        skeleton={
          <Box sx={grid}>
            {Array.from({ length: GUIDED_SKELETON_COUNT }, (_, i) => (
              <ContentSkeleton key={i} height={240} />
            ))}
          </Box>
        }
      >
        {(items) => (
          <Box sx={grid}>
            {items.map((item) => {
              const active = activeId === item.id;
              const isPlaying = active && playing;
              const pct = active && progress.duration > 0 ? (progress.current / progress.duration) * 100 : 0;
              return (
                <Card
                  key={item.id}
                  component="article"
                  aria-label={item.title}
                  sx={(theme) => ({
                    borderRadius: 3,
                    display: 'flex',
                    flexDirection: 'column',
                    borderColor: active ? theme.palette.primary.main : undefined,
                  })}
                >
                  <CardContent sx={{ p: { xs: 2.5, sm: 3 }, flex: 1, display: 'flex', flexDirection: 'column' }}>
                    <Typography variant="h5" component="h2">
                      {item.title}
                    </Typography>
                    <Typography sx={{ color: 'text.secondary', mt: 1, mb: 2.5, flex: 1 }}>
                      {item.description}
                    </Typography>
                    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                      <Button
                        variant={isPlaying ? 'outlined' : 'contained'}
                        startIcon={isPlaying ? <PauseRounded /> : <PlayArrowRounded />}
                        onClick={() => toggle(item)}
                        aria-label={`${isPlaying ? 'Pause' : 'Play'} ${item.title}`}
                        sx={{ minWidth: 112 }}
                      >
                        {isPlaying ? 'Pause' : 'Play'}
                      </Button>
                      {active && progress.duration > 0 && (
                        <Typography
                          variant="caption"
                          sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
                        >
                          {formatTime(progress.current)} / {formatTime(progress.duration)}
                        </Typography>
                      )}
                    </Stack>
                    {active && (
                      <LinearProgress
                        variant="determinate"
                        value={pct}
                        aria-label={`${item.title} progress`}
                        sx={{ mt: 2, height: 6, borderRadius: 3 }}
                      />
                    )}
                    <Button
                      size="small"
                      variant="text"
                      onClick={() => setOpenScript(openScript === item.id ? null : item.id)}
                      endIcon={openScript === item.id ? <ExpandLessRounded /> : <ExpandMoreRounded />}
                      aria-expanded={openScript === item.id}
                      sx={{ alignSelf: 'flex-start', mt: 1.5, px: 1 }}
                    >
                      {openScript === item.id ? 'Hide script' : 'Read the script'}
                    </Button>
                    <Collapse in={openScript === item.id}>
                      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, lineHeight: 1.8 }}>
                        {item.guide}
                      </Typography>
                    </Collapse>
                  </CardContent>
                </Card>
              );
            })}
          </Box>
        )}
      </PremiumContent>
    </>
  );
}
