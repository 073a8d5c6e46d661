import { useEffect } from 'react';

/** What the lock screen and headphones show: "Hole 12 · 7 Iron — Course name". */
export function mediaSessionTitle(hole: number, clubName: string | null, courseName: string): string {
  return `Hole ${hole}${clubName ? ` · ${clubName}` : ''} — ${courseName}`;
}

export type MediaSessionControls = {
  title: string;
  artist?: string;
  onPlay: () => void;
  onPause: () => void;
  onNextTrack: () => void;
  onPreviousTrack: () => void;
};

/**
 * The Media Session API (feature-detected): the lock screen and headphones show the round's
 * hole and club; play/pause drive the clip, next/previous track move between holes.
 */
export function useMediaSession({
  title,
  artist,
  onPlay,
  onPause,
  onNextTrack,
  onPreviousTrack,
}: MediaSessionControls) {
  useEffect(() => {
    const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession;
    if (!session || typeof MediaMetadata === 'undefined') return;
    session.metadata = new MediaMetadata({ title, artist: artist ?? 'Fairway Mind course player' });
  }, [title, artist]);

  useEffect(() => {
    const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession;
    if (!session) return;
    const handlers: [MediaSessionAction, () => void][] = [
      ['play', onPlay],
      ['pause', onPause],
      ['nexttrack', onNextTrack],
      ['previoustrack', onPreviousTrack],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not support.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // as above
        }
      }
    };
  }, [onPlay, onPause, onNextTrack, onPreviousTrack]);
}

type WakeLockSentinelLike = { release: () => Promise<void> };

/**
 * Keeps the screen on while a clip inside `container` plays (Screen Wake Lock API, if the
 * browser has it and allows it); released on pause, end or unmount.
 */
export function useWakeLockWhilePlaying(container: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = container.current;
    const wakeLock = (
      navigator as Navigator & { wakeLock?: { request: (type: 'screen') => Promise<WakeLockSentinelLike> } }
    ).wakeLock;
    if (!element || !wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    const release = () => {
      void sentinel?.release().catch(() => undefined);
      sentinel = null;
    };
    const onPlay = () => {
      if (sentinel) return;
      wakeLock
        .request('screen')
        .then((lock) => {
          sentinel = lock;
        })
        .catch(() => undefined); // refused (battery saver, not visible): the clip plays anyway
    };
    // Media events do not bubble: listen in the capture phase.
    element.addEventListener('play', onPlay, true);
    element.addEventListener('pause', release, true);
    element.addEventListener('ended', release, true);
    return () => {
      element.removeEventListener('play', onPlay, true);
      element.removeEventListener('pause', release, true);
      element.removeEventListener('ended', release, true);
      release();
    };
  }, [container]);
}
