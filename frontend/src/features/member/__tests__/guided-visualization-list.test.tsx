import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { getGuidedVisualizationsApi } from '@/features/member/api/get-guided-visualizations';
import { GuidedVisualizationList } from '@/features/member/components/guided-visualization-list';
import { browserNavigation } from '@/features/member/lib/browser-navigation';
import { answerGate } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { guidedVisualizationsHandler, premiumRequired, unauthenticated } from '@/testing/mocks/premium-content';
import { renderWithProviders, screen, storeReaches, waitFor, within } from '@/testing/test-utils';

let play: ReturnType<typeof vi.spyOn>;
let pause: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});
afterEach(() => vi.useRealTimers());

describe('guided visualizations', () => {
  it('when the content service answers, then the four guided items, each with its own play/pause on its audio', async () => {
    server.use(guidedVisualizationsHandler());
    const { user } = renderWithProviders(<GuidedVisualizationList />);
    expect((await screen.findAllByRole('article')).map((a) => a.getAttribute('aria-label'))).toEqual([
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

  it('when an item plays, then its audio is the address the content service gave', async () => {
    server.use(
      guidedVisualizationsHandler([
        {
          id: 'perfect-drive',
          title: 'Perfect Drive',
          description: 'A drive.',
          guide: 'Swing.',
          audioUrl: '/media/guided/perfect-drive-v2.mp3',
        },
      ]),
    );
    const { user } = renderWithProviders(<GuidedVisualizationList />);
    await user.click(await screen.findByRole('button', { name: 'Play Perfect Drive' }));
    expect(document.querySelector('audio')).toHaveAttribute('src', '/media/guided/perfect-drive-v2.mp3');
  });

  it('when asked, then it shows the script the content service sent', async () => {
    server.use(guidedVisualizationsHandler());
    const { user } = renderWithProviders(<GuidedVisualizationList />);
    const putt = await screen.findByRole('article', { name: 'Three Foot Pressure Putt' });
    await user.click(within(putt).getByRole('button', { name: 'Read the script' }));
    expect(within(putt).getByText('Close your eyes. Picture the three foot pressure putt. Breathe out.')).toBeVisible();
  });

  it('when the items are loading, then four skeletons', async () => {
    const gate = answerGate();
    server.use(
      guidedVisualizationsHandler(async () => {
        await gate.opened;
        return HttpResponse.json([]);
      }),
    );
    renderWithProviders(<GuidedVisualizationList />);
    expect(await screen.findAllByTestId('content-skeleton')).toHaveLength(4);
    expect(screen.getByLabelText('Loading content')).toHaveAttribute('aria-busy', 'true');
    gate.open();
    await waitFor(() => expect(screen.queryByTestId('content-skeleton')).not.toBeInTheDocument());
  });

  it('when the session has ended (401), then it toasts Unauthorized and goes to /api/login after 500 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    server.use(guidedVisualizationsHandler(unauthenticated));
    const { store } = renderWithProviders(<GuidedVisualizationList />);

    const query = getGuidedVisualizationsApi.endpoints.getGuidedVisualizations.select();
    await act(() => storeReaches(store, (state) => query(state).isError));
    expect(screen.getByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(499));
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledWith('/api/login');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('when a free member gets here (403), then the Unlock card offers Premium and nobody is logged out', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    server.use(guidedVisualizationsHandler(premiumRequired));
    renderWithProviders(<GuidedVisualizationList />);
    expect(await screen.findByRole('heading', { name: 'Unlock All Lectures' })).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(assign).not.toHaveBeenCalled();
  });
});
