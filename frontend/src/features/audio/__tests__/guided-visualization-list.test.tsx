import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GuidedVisualizationList } from '@/features/audio/components/guided-visualization-list';
import { renderWithProviders, screen, within } from '@/testing/test-utils';

let play: ReturnType<typeof vi.spyOn>;
let pause: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});

describe('guided visualizations', () => {
  it('lists the four guided items, each with its own play/pause', async () => {
    const { user } = renderWithProviders(<GuidedVisualizationList />);
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Three Foot Pressure Putt',
      'Chip Under Pressure',
      'Perfect Drive',
      'Bunker Shot',
    ]);
    const audio = document.querySelector('audio')!;

    await user.click(screen.getByRole('button', { name: 'Play Perfect Drive' }));
    expect(audio.getAttribute('src')).toBe('/media/guided/perfect-drive.mp3');
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause Perfect Drive' })).toHaveTextContent('Pause');

    // Starting another one switches the audio to it.
    await user.click(screen.getByRole('button', { name: 'Play Bunker Shot' }));
    expect(audio.getAttribute('src')).toBe('/media/guided/bunker-shot.mp3');
    expect(screen.getByRole('button', { name: 'Play Perfect Drive' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pause Bunker Shot' }));
    expect(pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play Bunker Shot' })).toBeInTheDocument();
  });

  it('shows the script of an item on request', async () => {
    const { user } = renderWithProviders(<GuidedVisualizationList />);
    const putt = screen.getByRole('article', { name: 'Three Foot Pressure Putt' });
    await user.click(within(putt).getByRole('button', { name: 'Read the script' }));
    expect(within(putt).getByText(/three feet from the hole/)).toBeVisible();
  });
});
