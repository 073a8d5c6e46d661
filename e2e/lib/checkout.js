'use strict';
// The card form on /checkout and /coaching-checkout, as the member fills it. The form itself
// is the Stripe.js stand-in (lib/stripe-stand-in.browser.js) mounted where Stripe's iframe goes.

const { expectVisible } = require('./expect');

const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
};

/**
 * @param {import('playwright-core').Page} page
 * @param {keyof typeof CARDS} card
 */
async function fillCard(page, card) {
  const form = page.getByRole('form', { name: 'Payment details' });
  await expectVisible(form.getByLabel('Card number'), 'the card form (Stripe.js stand-in)');
  await form.getByLabel('Card number').fill(CARDS[card]);
  await form.getByLabel('Expiration date').fill('12 / 34');
  await form.getByLabel('Security code').fill('123');
  return form;
}

/**
 * Waits for the POST the checkout page makes to set up the payment and returns its JSON.
 * Start it before the navigation that triggers the request.
 * @param {import('playwright-core').Page} page
 * @param {'/api/create-subscription' | '/api/create-coaching-payment'} path
 * @returns {Promise<{ clientSecret: string, subscriptionId?: string }>}
 */
async function paymentSetup(page, path) {
  const res = await page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST', {
    timeout: 30_000,
  });
  const body = await res.text();
  if (res.status() !== 200 && res.status() !== 201) throw new Error(`POST ${path} answered ${res.status()}: ${body}`);
  return JSON.parse(body);
}

module.exports = { fillCard, paymentSetup, CARDS };
