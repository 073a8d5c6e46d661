/** Seconds → "m:ss" (SPEC §2 audio player). Non-finite or negative input shows 0:00. */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  return `${m}:${s.toString().padStart(2, '0')}`;
}

export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export const AUTO_PLAY_DELAY_MS = 100;
export const UNMUTE_FALLBACK_VOLUME = 0.5;
export const SEEK_STEP_SECONDS = 0.1;
