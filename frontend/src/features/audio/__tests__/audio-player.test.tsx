import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { AudioPlayer } from '@/features/audio/components/audio-player';
import { formatTime } from '@/lib/format-time';
import { renderWithProviders, screen, within } from '@/testing/test-utils';

let play: Mock<() => Promise<void>>;
let pause: Mock<() => void>;
let load: Mock<() => void>;

beforeEach(() => {
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn();
  load = vi.fn();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => play());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => pause());
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => load());
});

afterEach(() => {
  vi.useRealTimers();
});

const audioElement = () => document.querySelector('audio')!;

/** Pretend the browser has loaded `seconds` of audio. */
function loadMetadata(seconds: number) {
  const audio = audioElement();
  Object.defineProperty(audio, 'duration', { configurable: true, value: seconds });
  fireEvent.loadedMetadata(audio);
}

function playedTo(seconds: number) {
  const audio = audioElement();
  audio.currentTime = seconds;
  fireEvent.timeUpdate(audio);
}

describe('formatTime', () => {
  it('shows m:ss', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(5.9)).toBe('0:05');
    expect(formatTime(65)).toBe('1:05');
    expect(formatTime(754)).toBe('12:34');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });
});

describe('audio player', () => {
  it('plays and pauses, and returns to "Play Audio" when the track ends', async () => {
    const { user } = renderWithProviders(<AudioPlayer src="/media/clubs/driver.mp3" title="Driver" />);
    await user.click(screen.getByRole('button', { name: 'Play Audio' }));
    expect(play).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Pause Audio' }));
    expect(pause).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Play Audio' }));
    fireEvent.ended(audioElement());
    expect(screen.getByRole('button', { name: 'Play Audio' })).toBeInTheDocument();
  });

  it('shows the current time and duration as m:ss, with a seek slider in 0.1 s steps', () => {
    renderWithProviders(<AudioPlayer src="/a.mp3" />);
    loadMetadata(125.4);
    playedTo(42.7);
    expect(screen.getByLabelText('Current time')).toHaveTextContent('0:42');
    expect(screen.getByLabelText('Duration')).toHaveTextContent('2:05');
    const seek = screen.getByRole('slider', { name: 'Seek' });
    expect(seek).toHaveAttribute('step', '0.1');
    fireEvent.change(seek, { target: { value: '90.3' } });
    expect(audioElement().currentTime).toBeCloseTo(90.3);
    expect(screen.getByLabelText('Current time')).toHaveTextContent('1:30');
  });

  it('restarts from the beginning', async () => {
    const { user } = renderWithProviders(<AudioPlayer src="/a.mp3" />);
    loadMetadata(60);
    playedTo(30);
    await user.click(screen.getByRole('button', { name: 'Restart' }));
    expect(audioElement().currentTime).toBe(0);
    expect(screen.getByLabelText('Current time')).toHaveTextContent('0:00');
    expect(play).toHaveBeenCalled();
  });

  it('mutes, and unmuting restores the previous volume (or 0.5 after the volume was dragged to zero)', async () => {
    const { user } = renderWithProviders(<AudioPlayer src="/a.mp3" />);
    const volume = screen.getByRole('slider', { name: 'Volume' });
    expect(audioElement().volume).toBe(1);
    fireEvent.change(volume, { target: { value: '0.3' } });
    expect(audioElement().volume).toBeCloseTo(0.3);

    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(audioElement().muted).toBe(true);
    expect(volume).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(audioElement().muted).toBe(false);
    expect(audioElement().volume).toBeCloseTo(0.3);

    fireEvent.change(volume, { target: { value: '0' } });
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(audioElement().volume).toBe(0.5);
  });

  it('offers the six speeds and applies the chosen one', async () => {
    const { user } = renderWithProviders(<AudioPlayer src="/a.mp3" />);
    await user.click(screen.getByRole('combobox', { name: 'Speed' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['0.5x', '0.75x', '1x', '1.25x', '1.5x', '2x']);
    await user.click(screen.getByRole('option', { name: '1.5x' }));
    expect(audioElement().playbackRate).toBe(1.5);
  });

  it('loops when the loop switch is on (and the end then keeps it playing)', async () => {
    const { user } = renderWithProviders(<AudioPlayer src="/a.mp3" />);
    await user.click(screen.getByRole('switch', { name: 'Loop' }));
    expect(audioElement().loop).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Play Audio' }));
    fireEvent.ended(audioElement());
    expect(screen.getByRole('button', { name: 'Pause Audio' })).toBeInTheDocument();
  });

  it('resets to the start and reloads when the source changes', async () => {
    const { user, rerender } = renderWithProviders(<AudioPlayer src="/one.mp3" />);
    loadMetadata(60);
    playedTo(20);
    await user.click(screen.getByRole('button', { name: 'Play Audio' }));
    load.mockClear();
    pause.mockClear();

    rerender(<AudioPlayer src="/two.mp3" />);
    expect(pause).toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play Audio' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current time')).toHaveTextContent('0:00');
    expect(audioElement().getAttribute('src')).toBe('/two.mp3');
  });

  it('starts playing 100 ms after the auto-play trigger changes', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { rerender } = renderWithProviders(<AudioPlayer src="/a.mp3" autoPlayTrigger={0} />);
    act(() => vi.advanceTimersByTime(500));
    expect(play).not.toHaveBeenCalled();

    rerender(<AudioPlayer src="/a.mp3" autoPlayTrigger={1} />);
    act(() => vi.advanceTimersByTime(99));
    expect(play).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause Audio' })).toBeInTheDocument();

    rerender(<AudioPlayer src="/a.mp3" autoPlayTrigger={2} />);
    act(() => vi.advanceTimersByTime(100));
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('only logs a playback error, and shows Play Audio again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    play.mockImplementation(() => Promise.reject(new DOMException('no source', 'NotSupportedError')));
    const { user } = renderWithProviders(<AudioPlayer src="/missing.mp3" />);
    await user.click(screen.getByRole('button', { name: 'Play Audio' }));
    expect(await screen.findByRole('button', { name: 'Play Audio' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Audio playback failed', expect.any(DOMException));
  });
});
