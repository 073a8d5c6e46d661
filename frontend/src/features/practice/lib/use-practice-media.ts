import { useEffect, useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '@/lib/api';
import type { PracticeItemRef } from '@/features/practice/types';
import { PRACTICE_TAGS } from '@/features/practice/api/practice-api';
import { HeartbeatTracker, type BeatTransport } from '@/features/practice/lib/heartbeat-tracker';
import { createBeatTransport } from '@/features/practice/lib/beat-transport';

/** One transport per page component; after a session's last beat, ticks and totals refresh. */
export function usePracticeTransport(): BeatTransport {
  const dispatch = useDispatch();
  return useMemo(
    () => createBeatTransport({ onSettled: () => dispatch(api.util.invalidateTags([...PRACTICE_TAGS])) }),
    [dispatch],
  );
}

/** Calls `hidden` when the page is hidden or unloaded (tab switch, phone locked, closed). */
export function useOnPageHidden(hidden: () => void) {
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hidden();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', hidden);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', hidden);
    };
  }, [hidden]);
}

/**
 * Reports the listening of an <audio> or <video> element for `item` (null: not tracked), from
 * the element's own events: play, pause, ended, timeupdate/seeked, volumechange (muted or
 * volume 0 counts nothing). Beats never touch playback: the transport swallows every failure.
 */
export function usePracticeMedia(element: HTMLMediaElement | null, item: PracticeItemRef | null) {
  const transport = usePracticeTransport();
  const itemId = item?.itemId;
  const itemKind = item?.itemKind;
  const tracker = useMemo(
    () => (itemId && itemKind ? new HeartbeatTracker({ itemId, itemKind }, transport) : null),
    [itemId, itemKind, transport],
  );

  useEffect(() => {
    if (!element || !tracker) return;
    const audible = () => !element.muted && element.volume > 0;
    const onDuration = () => tracker.setDuration(element.duration);
    const onPlay = () => {
      onDuration();
      tracker.setAudible(audible());
      tracker.play(element.currentTime);
    };
    const onPause = () => tracker.pause(element.currentTime);
    const onEnded = () => tracker.ended(element.duration || element.currentTime);
    const onTime = () => tracker.progress(element.currentTime);
    const onVolume = () => tracker.setAudible(audible());
    element.addEventListener('durationchange', onDuration);
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onPause);
    element.addEventListener('ended', onEnded);
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('seeked', onTime);
    element.addEventListener('volumechange', onVolume);
    // Already playing when tracking starts (a re-render with a new item id).
    if (!element.paused) onPlay();
    return () => {
      element.removeEventListener('durationchange', onDuration);
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('ended', onEnded);
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('seeked', onTime);
      element.removeEventListener('volumechange', onVolume);
      tracker.progress(element.currentTime);
      tracker.dispose();
    };
  }, [element, tracker]);

  useOnPageHidden(useMemo(() => () => tracker?.hidden(), [tracker]));
}
