'use strict';
// Journey 1: a visitor looks around, watches the free lesson, writes to the founder, and meets
// the login wall. SPEC §2 (public pages), §6 (visitor: free lessons open, locked lessons lead to
// /membership, member paths → /login), §8 contact toast; the contact message must arrive in the
// SMTP sink addressed to the founder.

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config, RUN_ID } = require('../lib/config');
const { check, expectCount, expectPath, expectToast, expectVisible } = require('../lib/expect');
const { waitForMail } = require('../lib/smtp-sink');

const EMBED_URL = /^https:\/\/(www\.youtube(-nocookie)?\.com\/embed\/|player\.vimeo\.com\/video\/)/;

test(
  '1. Visitor: home, lessons (free lesson embed, locked → /membership), tiers, coaching, privacy and terms, contact (mail to the founder), member path → /login',
  { timeout: config.journeyTimeout },
  journey('visitor', async ({ page, step }) => {
    await step('home page: hero, benefits and the free lesson embed', async () => {
      await page.goto('/');
      await expectVisible(page.getByRole('link', { name: 'Start Free' }).first(), 'Start Free');
      for (const benefit of ['Gain Confidence', 'Gain Composure', 'Gain Concentration']) {
        await expectVisible(page.getByText(benefit, { exact: true }), benefit);
      }
      // A poster with a play button; the player (a third-party frame) loads only on play.
      check((await page.locator('iframe').count()) === 0, 'no video player before play');
      await page.getByRole('button', { name: 'Play video: Lesson 1: Sweet Spot Swings' }).click();
      const video = page.locator('iframe[title="Lesson 1: Sweet Spot Swings"]');
      await expectVisible(video, 'the free lesson video "Lesson 1: Sweet Spot Swings"');
      const src = (await video.getAttribute('src')) ?? '';
      check(EMBED_URL.test(src), `the free lesson plays from an embed URL, got src="${src}"`);
    });

    await step('lessons: the free lesson plays its embed, with the four Key Takeaways', async () => {
      await page.getByRole('contentinfo').getByRole('link', { name: 'Lessons', exact: true }).click();
      await expectPath(page, '/lessons');
      const card = page.locator('article').filter({ hasText: 'Sweet Spot Swings' });
      await expectVisible(card.getByText('FREE', { exact: true }), 'the FREE badge on Sweet Spot Swings');
      await card.getByRole('link', { name: 'Watch Now' }).click();
      await expectPath(page, /^\/lesson\/[^/]+$/);
      await expectVisible(page.getByRole('heading', { name: 'Sweet Spot Swings', level: 1 }));
      await page.getByRole('button', { name: 'Play video: Sweet Spot Swings' }).click();
      const video = page.locator('iframe[title="Sweet Spot Swings"]');
      await expectVisible(video, 'the lesson video');
      const src = (await video.getAttribute('src')) ?? '';
      check(EMBED_URL.test(src), `the lesson plays from an embed URL, got src="${src}"`);
      await expectVisible(page.getByRole('heading', { name: 'Key Takeaways' }));
      await expectCount(page.getByRole('region', { name: 'Key Takeaways' }).getByRole('listitem'), 4, 'Key Takeaway');
    });

    await step('lessons: a locked lesson leads to /membership', async () => {
      await page.getByRole('link', { name: 'All lessons' }).click();
      await expectPath(page, '/lessons');
      const locked = page.getByRole('main').getByRole('link', { name: 'Unlock with Premium' });
      await expectVisible(locked, 'a locked lesson with Unlock with Premium');
      check((await locked.count()) >= 1, 'at least one locked lesson');
      await locked.first().click();
      await expectPath(page, '/membership');
    });

    await step('membership tiers: Free and Premium $19.99/month (Popular), Get Started → /signup', async () => {
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: 'Go Premium' }).click();
      await expectPath(page, '/membership');
      const tiers = page.locator('article').filter({ has: page.getByRole('heading', { level: 2 }) });
      const free = tiers.filter({ has: page.getByRole('heading', { name: 'Free', exact: true }) });
      const premium = tiers.filter({ has: page.getByRole('heading', { name: 'Premium', exact: true }) });
      await expectCount(free, 1, 'Free tier card');
      await expectCount(premium, 1, 'Premium tier card');
      await expectVisible(premium.getByText('$19.99'), 'Premium price');
      await expectVisible(premium.getByText('/month'), 'Premium /month');
      await expectVisible(premium.getByText('Popular'), 'Popular badge on Premium');
      check((await free.getByText('/month').count()) === 0, 'the Free tier shows no /month');
      check((await free.getByText('Popular').count()) === 0, 'the Free tier has no Popular badge');
      for (const card of [free, premium]) {
        const cta = card.getByRole('link', { name: 'Get Started' });
        await expectVisible(cta, 'Get Started on each tier for a visitor');
        check((await cta.getAttribute('href')) === '/signup', 'Get Started leads to /signup');
      }
    });

    await step('coaching for a visitor: $100 per 45 minutes, Sign Up to Book → /signup', async () => {
      await page.goto('/coaching');
      const offer = page.getByRole('region', { name: 'Private coaching session' });
      await expectVisible(offer.getByText('$100', { exact: true }), 'the $100 price');
      await expectVisible(offer.getByText('per 45 minutes'), 'per 45 minutes');
      const book = offer.getByRole('link', { name: 'Sign Up to Book' });
      await expectVisible(book);
      check((await book.getAttribute('href')) === '/signup', 'Sign Up to Book leads to /signup');
    });

    await step('privacy policy and terms from the footer, with the facts of GET /api/config', async () => {
      const site = await (await page.request.get(`${config.baseUrl}/api/config`)).json();
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
      await expectPath(page, '/privacy');
      await expectVisible(page.getByRole('heading', { name: 'Privacy Policy', level: 1 }));
      const main = page.getByRole('main');
      const mail = main.getByRole('link', { name: site.supportEmail }).first();
      await expectVisible(mail, `the support address ${site.supportEmail}`);
      check((await mail.getAttribute('href')) === `mailto:${site.supportEmail}`, 'the address is a mail link');
      await expectVisible(main.getByText('fm.sid', { exact: true }), 'the session cookie');
      await expectVisible(main.getByText('sidebar_state', { exact: true }), 'the sidebar cookie');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
      await expectPath(page, '/terms');
      const premium = page.getByRole('region', { name: /Premium membership$/ });
      await expectVisible(premium.getByText(/^Premium costs/), 'the Premium price in the terms');
      const whole = site.premiumPriceCents % 100 === 0;
      const price = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: site.currency.toUpperCase(),
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: whole ? 0 : 2,
      }).format(site.premiumPriceCents / 100);
      check(
        (await premium.textContent())?.includes(`Premium costs ${price}/month.`) === true,
        `the terms show the configured Premium price ${price}/month`,
      );
      check((await page.title()) === `Terms of Service | ${site.productName}`, 'the title names the product');
    });

    const sender = { name: `Visitor ${RUN_ID}`, email: `fm-e2e-visitor-${RUN_ID}@example.com` };
    const message = `Hello! Does the programme help with first-tee nerves? (e2e ${RUN_ID})`;

    await step('contact form: success toast, form resets', async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Contact' }).click();
      await expectPath(page, '/contact');
      await expectVisible(page.getByRole('heading', { name: 'Get in Touch' }));
      const form = page.getByRole('form', { name: 'Contact form' });
      await form.getByLabel('Name').fill(sender.name);
      await form.getByLabel('Email').fill(sender.email);
      await form.getByLabel('Message').fill(message);
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expectToast(page, 'Message sent!', "We'll get back to you as soon as possible.");
      for (const label of ['Name', 'Email', 'Message']) {
        check((await form.getByLabel(label).inputValue()) === '', `the ${label} field is empty after sending`);
      }
    });

    await step('the message reaches the founder through the SMTP sink', async () => {
      const mail = await waitForMail({
        to: config.founderEmail,
        what: `with the contact message of ${sender.email}`,
        match: (m) => m.text.includes(message) && m.text.includes(sender.email),
      });
      check(mail.subject.includes(sender.name), `the subject names the sender, got "${mail.subject}"`);
    });

    await step('member paths send the visitor to /login', async () => {
      for (const path of ['/member/home', '/checkout', '/faq']) {
        await page.goto(path);
        await expectPath(page, '/login');
        await expectVisible(page.getByRole('heading', { name: 'Welcome Back' }));
      }
    });
  }),
);
