import { describe, expect, it } from 'vitest';
import { buildSiteConfig } from '@/testing/data';
import { siteConfigHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, within } from '@/testing/test-utils';

/** The free trial's terms and privacy texts (issue 47 §2), while the server offers one. */
const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^\\d+\\. ${name}$`) });
const withTrial = (trialDays: number) =>
  server.use(siteConfigHandler({ prices: { ...buildSiteConfig().prices, trialDays } }));

async function open(path: '/privacy' | '/terms') {
  renderApp(path, { viewer: null });
  await screen.findByRole('heading', { level: 1, name: path === '/privacy' ? 'Privacy Policy' : 'Terms of Service' });
}

describe('the free trial in the terms and the privacy policy', () => {
  it('when a 7-day trial is offered, the terms say once per person, card saved first, when the first charge comes and how to cancel', async () => {
    withTrial(7);
    await open('/terms');
    const trial = section('7-day free trial');
    expect(trial).toHaveTextContent('once per person');
    expect(trial).toHaveTextContent('a card that has had a trial');
    expect(trial).toHaveTextContent('nothing is charged then. The trial and Premium start when your card is saved.');
    expect(trial).toHaveTextContent('Your first payment is taken when the trial ends: $19.99/month');
    expect(trial).toHaveTextContent('We e-mail you 3 days before');
    expect(trial).toHaveTextContent('the trial and Premium end at once and you are never charged');
  });

  it('when a trial is offered, the privacy policy says what the trial keeps (the card at Stripe, the fingerprints) and why', async () => {
    withTrial(7);
    await open('/privacy');
    const kept = section('What we keep and why');
    expect(within(kept).getByText(/When you start the 7-day free trial, your card is/)).toHaveTextContent(
      "Stripe's fingerprint of the card, never the address or the card itself",
    );
    expect(section('Your data: see it, take it, correct it, delete it')).toHaveTextContent(
      'The record of a free trial stays in the same way',
    );
  });

  it('without a trial on offer, neither page speaks of one', async () => {
    withTrial(0);
    await open('/terms');
    expect(screen.queryByRole('region', { name: /free trial/ })).not.toBeInTheDocument();
  });
});
