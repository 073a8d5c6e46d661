import { useEffect, useMemo } from 'react';
import { embedProvider } from '@/lib/video-embed';
import type { PracticeItemRef } from '@/features/practice/types';
import { HeartbeatTracker } from '@/features/practice/lib/heartbeat-tracker';
import { useOnPageHidden, usePracticeTransport } from '@/features/practice/lib/use-practice-media';

/** YouTube's player states (iframe API). */
const YT_ENDED = 0;
const YT_PLAYING = 1;
const YT_PAUSED = 2;

const VIMEO_EVENTS = ['play', 'pause', 'ended', 'timeupdate', 'volumechange'] as const;

type PlayerMessage = { event?: string; info?: unknown; data?: unknown };

function parse(data: unknown): PlayerMessage | null {
  if (typeof data === 'string') {
    try {
      const parsed = JSON.parse(data) as unknown;
      return typeof parsed === 'object' && parsed !== null ? (parsed as PlayerMessage) : null;
    } catch {
      return null;
    }
  }
  return typeof data === 'object' && data !== null ? (data as PlayerMessage) : null;
}

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * Reports the watching of a YouTube or Vimeo embed (`frame`, its iframe API on: toTrackedEmbedUrl)
 * through the players' postMessage protocols, without loading their scripts: YouTube's
 * `listening` handshake then `infoDelivery` / `onStateChange` (state, currentTime, muted,
 * volume); Vimeo's `ready` then `addEventListener` for play, pause, ended, timeupdate and
 * volumechange. Only messages from the frame's own window are read.
 */
export function usePracticeEmbed(frame: HTMLIFrameElement | null, item: PracticeItemRef | null) {
  const transport = usePracticeTransport();
  const itemId = item?.itemId;
  const itemKind = item?.itemKind;
  const tracker = useMemo(
    () => (itemId && itemKind ? new HeartbeatTracker({ itemId, itemKind }, transport) : null),
    [itemId, itemKind, transport],
  );

  useEffect(() => {
    if (!frame || !tracker) return;
    const provider = embedProvider(frame.src);
    if (!provider) return;
    const targetOrigin = new URL(frame.src).origin;
    const post = (message: object) => frame.contentWindow?.postMessage(JSON.stringify(message), targetOrigin);
    let position = 0;

    const youtubeState = (state: unknown) => {
      if (state === YT_PLAYING) tracker.play(position);
      else if (state === YT_PAUSED) tracker.pause(position);
      else if (state === YT_ENDED) tracker.ended(position);
    };

    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow) return;
      const message = parse(event.data);
      if (!message) return;
      if (provider === 'youtube') {
        if (message.event === 'onStateChange') youtubeState(message.info);
        if (message.event === 'infoDelivery' || message.event === 'initialDelivery') {
          const info = (message.info ?? {}) as Record<string, unknown>;
          const time = num(info.currentTime);
          if (time !== undefined) {
            position = time;
            tracker.progress(time);
          }
          const volume = num(info.volume);
          if (typeof info.muted === 'boolean' || volume !== undefined)
            tracker.setAudible(info.muted !== true && (volume === undefined || volume > 0));
          if (info.playerState !== undefined) youtubeState(info.playerState);
        }
        return;
      }
      // Vimeo
      const data = (message.data ?? {}) as Record<string, unknown>;
      const seconds = num(data.seconds);
      if (seconds !== undefined) {
        position = seconds;
        tracker.progress(seconds);
      }
      switch (message.event) {
        case 'ready':
          for (const name of VIMEO_EVENTS) post({ method: 'addEventListener', value: name });
          break;
        case 'play':
        case 'playing':
          tracker.play(position);
          break;
        case 'pause':
          tracker.pause(position);
          break;
        case 'ended':
          tracker.ended(position);
          break;
        case 'volumechange': {
          const volume = num(data.volume);
          if (volume !== undefined) tracker.setAudible(volume > 0);
          break;
        }
      }
    };

    // YouTube answers once told someone listens (on load; again in case the frame had loaded).
    const listen = () => {
      if (provider !== 'youtube') return;
      post({ event: 'listening', id: itemId, channel: 'widget' });
      post({ event: 'command', func: 'addEventListener', args: ['onStateChange'], id: itemId, channel: 'widget' });
    };
    window.addEventListener('message', onMessage);
    frame.addEventListener('load', listen);
    listen();
    return () => {
      window.removeEventListener('message', onMessage);
      frame.removeEventListener('load', listen);
      tracker.dispose();
    };
  }, [frame, tracker, itemId]);

  useOnPageHidden(useMemo(() => () => tracker?.hidden(), [tracker]));
}
