import { useCallback, useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import VolumeOffRounded from '@mui/icons-material/VolumeOffRounded';
import VolumeUpRounded from '@mui/icons-material/VolumeUpRounded';
import { LiveRegion, reducedMotionSx } from '@/components/ui/live-region';
import {
  AUTO_PLAY_DELAY_MS,
  PLAYBACK_SPEEDS,
  SEEK_STEP_SECONDS,
  UNMUTE_FALLBACK_VOLUME,
  formatTime,
} from '@/lib/format-time';

export type AudioPlayerProps = {
  src: string;
  /** Shown above the controls. */
  title?: string;
  /**
   * Any change of this value (other than to a falsy one) starts playback after 100 ms,
   * e.g. a counter bumped every time a club is chosen.
   */
  autoPlayTrigger?: number | string | null;
  /** Compact layout for cards. */
  dense?: boolean;
  /** Where to start (seconds), e.g. "continue where you left off": sought to once the audio can seek. */
  startAt?: number | null;
  /** Receives the <audio> element (e.g. for practice tracking, composed by the page). */
  mediaRef?: (audio: HTMLAudioElement | null) => void;
};

/**
 * The shared audio player (SPEC §2, §4, §9): progress slider (0.1 s steps), m:ss times,
 * play/pause, restart, mute + volume, speed, loop. Playback errors are only logged.
 */
export function AudioPlayer({ src, title, autoPlayTrigger, dense = false, startAt, mediaRef }: AudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const setAudio = useCallback(
    (audio: HTMLAudioElement | null) => {
      audioRef.current = audio;
      mediaRef?.(audio);
    },
    [mediaRef],
  );
  // The start position not yet applied (applied once the metadata is known).
  const pendingStart = useRef<number | null>(null);
  const [isPlaying, setIsPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [isMuted, setIsMuted] = useState(false);
  const previousVolume = useRef<number | null>(null);
  const [speed, setSpeed] = useState(1);
  const [loop, setLoop] = useState(false);
  // "Playing" / "Paused" for screen readers, from the element's own events (polite, focus stays).
  const [status, setStatus] = useState({ message: '', sequence: 0 });
  const announce = useCallback(
    (state: 'Playing' | 'Paused') => {
      const message = title ? `${state}: ${title}` : state;
      setStatus((s) => (s.message === message ? s : { message, sequence: s.sequence + 1 }));
    },
    [title],
  );

  const play = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    try {
      setIsPlaying(true);
      const result = audio.play();
      if (result && typeof result.catch === 'function') {
        result.catch((error: unknown) => {
          console.error('Audio playback failed', error);
          setIsPlaying(false);
        });
      }
    } catch (error) {
      console.error('Audio playback failed', error);
      setIsPlaying(false);
    }
  }, []);

  const pause = useCallback(() => {
    audioRef.current?.pause();
    setIsPlaying(false);
  }, []);

  // A new source: stop, go back to the start and reload.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.pause();
    setIsPlaying(false);
    setCurrentTime(0);
    setDuration(0);
    try {
      audio.currentTime = 0;
    } catch {
      /* not seekable before metadata */
    }
    audio.load();
  }, [src]);

  // A start position: seek there now if the audio can, else when its metadata arrives.
  useEffect(() => {
    if (!startAt || startAt <= 0) return;
    const audio = audioRef.current;
    if (audio && audio.readyState >= 1) {
      audio.currentTime = startAt;
      setCurrentTime(startAt);
    } else {
      pendingStart.current = startAt;
    }
  }, [startAt, src]);

  // The auto-play trigger: start playback 100 ms after it changes.
  useEffect(() => {
    if (!autoPlayTrigger) return;
    const timer = window.setTimeout(play, AUTO_PLAY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [autoPlayTrigger, play]);

  // Keep the element in step with the controls.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = volume;
    audio.muted = isMuted;
  }, [volume, isMuted]);
  useEffect(() => {
    if (audioRef.current) audioRef.current.playbackRate = speed;
  }, [speed, src]);
  useEffect(() => {
    if (audioRef.current) audioRef.current.loop = loop;
  }, [loop]);

  const restart = () => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = 0;
    setCurrentTime(0);
    if (!isPlaying) play();
  };

  const toggleMute = () => {
    if (isMuted || volume === 0) {
      const restored = previousVolume.current || UNMUTE_FALLBACK_VOLUME;
      setVolume(restored);
      setIsMuted(false);
    } else {
      previousVolume.current = volume;
      setIsMuted(true);
    }
  };

  // Dragging the volume to zero mutes with no volume to go back to: unmuting then gives 0.5.
  const changeVolume = (value: number) => {
    setVolume(value);
    setIsMuted(value === 0);
    if (value === 0) previousVolume.current = 0;
  };

  const seek = (value: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = value;
    setCurrentTime(value);
  };

  const muted = isMuted || volume === 0;

  return (
    <Paper
      variant="outlined"
      sx={{ p: dense ? 1.5 : 2, borderRadius: 3, bgcolor: 'background.paper', ...reducedMotionSx }}
      data-testid="audio-player"
    >
      <LiveRegion message={status.message} sequence={status.sequence} />
      <audio
        ref={setAudio}
        src={src}
        preload="metadata"
        onTimeUpdate={(e) => setCurrentTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => {
          setDuration(e.currentTarget.duration);
          const start = pendingStart.current;
          if (start !== null) {
            pendingStart.current = null;
            e.currentTarget.currentTime = start;
            setCurrentTime(start);
          }
        }}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onPlay={() => {
          setIsPlaying(true);
          announce('Playing');
        }}
        onPause={() => {
          setIsPlaying(false);
          announce('Paused');
        }}
        onEnded={() => {
          if (!loop) setIsPlaying(false);
        }}
        onError={() => console.error(`Audio could not be loaded: ${src}`)}
      />
      {title && (
        <Typography variant="subtitle2" sx={{ mb: 1, fontWeight: 600 }}>
          {title}
        </Typography>
      )}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography
          variant="caption"
          sx={{ minWidth: 36, fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}
          aria-label="Current time"
        >
          {formatTime(currentTime)}
        </Typography>
        <Slider
          size="small"
          aria-label="Seek"
          min={0}
          max={Number.isFinite(duration) && duration > 0 ? duration : 0}
          step={SEEK_STEP_SECONDS}
          value={Math.min(currentTime, Number.isFinite(duration) ? duration : 0)}
          onChange={(_, value) => seek(value as number)}
          disabled={!Number.isFinite(duration) || duration <= 0}
        />
        <Typography
          variant="caption"
          sx={{ minWidth: 36, fontVariantNumeric: 'tabular-nums', color: 'text.secondary', textAlign: 'right' }}
          aria-label="Duration"
        >
          {formatTime(duration)}
        </Typography>
      </Stack>
      <Stack
        direction="row"
        sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Button
            variant="contained"
            size={dense ? 'small' : 'medium'}
            startIcon={isPlaying ? <PauseRounded /> : <PlayArrowRounded />}
            onClick={isPlaying ? pause : play}
            sx={{ minWidth: 140 }}
          >
            {isPlaying ? 'Pause Audio' : 'Play Audio'}
          </Button>
          <Tooltip title="Restart">
            <IconButton aria-label="Restart" onClick={restart}>
              <ReplayRounded />
            </IconButton>
          </Tooltip>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', width: 140 }}>
            <IconButton aria-label={muted ? 'Unmute' : 'Mute'} onClick={toggleMute} size="small">
              {muted ? <VolumeOffRounded /> : <VolumeUpRounded />}
            </IconButton>
            <Slider
              size="small"
              aria-label="Volume"
              min={0}
              max={1}
              step={0.05}
              value={muted ? 0 : volume}
              onChange={(_, value) => changeVolume(value as number)}
            />
          </Stack>
          <TextField
            select
            size="small"
            label="Speed"
            value={speed}
            onChange={(e) => setSpeed(Number(e.target.value))}
            sx={{ width: 92 }}
          >
            {PLAYBACK_SPEEDS.map((s) => (
              <MenuItem key={s} value={s}>
                {s}x
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch size="small" checked={loop} onChange={(e) => setLoop(e.target.checked)} />}
            label="Loop"
            sx={{ mr: 0 }}
          />
        </Stack>
      </Stack>
    </Paper>
  );
}
