import type { Heartbeat, PracticeItemRef } from '@/features/practice/types';

/** A playing item reports every 15 s (issue 30 §1). */
export const HEARTBEAT_INTERVAL_MS = 15_000;

/**
 * Where beats go: `send` for the regular ones (`final`: the session stopped, so the page may
 * refresh ticks and totals once it is answered), `beacon` when the page may be going away.
 */
export type BeatTransport = {
  send: (beat: Heartbeat, options?: { final?: boolean }) => void;
  beacon: (beat: Heartbeat) => void;
};

/**
 * The listening clock of one player for one item, fed by the player's events (play, pause, end,
 * mute/volume, position) and by the page being hidden (docs/API.md "practice"):
 *
 * - one session per player and item (`crypto.randomUUID()`), its beats numbered 0, 1, 2...;
 * - `playedSec`: wall-clock seconds the item played audibly in the session so far (paused, or
 *   muted / volume 0, counts nothing), so it only grows and a retried beat adds nothing;
 * - a beat when playback starts, one every 15 s while it plays audibly, and one when it stops
 *   (pause, mute, end, the player going away); nothing while paused or muted;
 * - when the page is hidden (tab switched, phone locked, page closed) the time so far goes at
 *   once with `navigator.sendBeacon`; counting goes on if the media keeps playing.
 */
export class HeartbeatTracker {
  private readonly sessionId: string;
  private seq = 0;
  private playing = false;
  private audible = true;
  private position = 0;
  /** The media's own length (s), once the player knows it. */
  private duration: number | null = null;
  /** When the current audible stretch started (ms), null while not counting. */
  private countingSince: number | null = null;
  /** Milliseconds played in the session before the current stretch. */
  private playedMs = 0;
  /** `playedSec` of the last beat sent. */
  private lastSentSec = -1;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly item: PracticeItemRef,
    private readonly transport: BeatTransport,
    private readonly now: () => number = () => Date.now(),
    newSessionId: () => string = () => crypto.randomUUID(),
  ) {
    this.sessionId = newSessionId();
  }

  /** The media started (or resumed) playing at `positionSec`. */
  play(positionSec: number) {
    this.progress(positionSec);
    if (this.playing) return;
    this.playing = true;
    if (!this.audible) return;
    this.startCounting();
    this.beat('send', true);
  }

  /** The media paused at `positionSec`. */
  pause(positionSec: number) {
    this.progress(positionSec);
    this.stop();
  }

  /** The media reached its end. */
  ended(positionSec: number) {
    this.progress(positionSec);
    this.stop();
  }

  /** The playback position moved (timeupdate, seek). */
  progress(positionSec: number) {
    if (Number.isFinite(positionSec) && positionSec >= 0) this.position = positionSec;
  }

  /** The media's length as the player reads it (loadedmetadata, durationchange). */
  setDuration(durationSec: number) {
    if (Number.isFinite(durationSec) && durationSec > 0) this.duration = durationSec;
  }

  /** Muted or volume at zero → not audible: nothing counts until it is audible again. */
  setAudible(audible: boolean) {
    if (audible === this.audible) return;
    this.audible = audible;
    if (!this.playing) return;
    if (audible) this.startCounting();
    else this.stopCounting();
    this.beat('send', true);
  }

  /** The page is hidden or being unloaded: what was played so far goes with sendBeacon. */
  hidden() {
    if (this.countingSince === null && this.playedSec() === this.lastSentSec) return;
    this.beat('beacon');
  }

  /** The player goes away (unmount, another item). */
  dispose() {
    this.stop();
  }

  private stop() {
    if (!this.playing) return;
    this.playing = false;
    const wasCounting = this.countingSince !== null;
    this.stopCounting();
    // Muted: the mute already sent the time played; nothing is sent while muted.
    if (wasCounting) this.beat('send', true);
  }

  private playedSec() {
    const running = this.countingSince === null ? 0 : Math.max(0, this.now() - this.countingSince);
    return Math.floor((this.playedMs + running) / 1000);
  }

  private startCounting() {
    this.countingSince = this.now();
    this.timer ??= setInterval(() => this.beat('send'), HEARTBEAT_INTERVAL_MS);
  }

  private stopCounting() {
    if (this.countingSince !== null) this.playedMs += Math.max(0, this.now() - this.countingSince);
    this.countingSince = null;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** `force`: send even when no whole second was played since the last beat (start, stop, mute). */
  private beat(via: 'send' | 'beacon', force = false) {
    const playedSec = this.playedSec();
    if (playedSec === this.lastSentSec && !force) return;
    this.lastSentSec = playedSec;
    const beat: Heartbeat = {
      ...this.item,
      sessionId: this.sessionId,
      seq: this.seq++,
      positionSec: Math.max(0, Math.floor(this.position)),
      playedSec,
      ...(this.duration !== null ? { durationSec: Math.round(this.duration * 1000) / 1000 } : {}),
    };
    if (via === 'beacon') this.transport.beacon(beat);
    else this.transport.send(beat, { final: !this.playing || !this.audible });
  }
}
