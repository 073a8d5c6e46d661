'use strict';
// Journey 20: ready for the course (issue 31 §1), on a phone (390 px). A Premium member makes a
// course ready from its card (the size on the device, ≤ 6 MB); with the network off the player
// opens from the service worker's cache, every club clip of the bag and the SOS reset play from
// the device, holes are scored, a reload on hole 12 comes back to hole 12 with its shots, and a
// page that needs the network says so. Online again, the round reaches the server once. Then the
// access rule: the member is downgraded and the Premium SOS clip is gone from the device; after
// Log Out nothing of the member is left on the device, the round in progress included. Then the
// shared computer (issue 43 §2): the member signs in again, makes the course ready and starts a
// round with a note, and signs out of all devices from their phone; the computer's next
// GET /api/auth/user (a reload) answers 401 and leaves no trace of the member in Cache Storage,
// IndexedDB or localStorage, and offline the player asks to sign in instead of showing anyone.

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config, RUN_ID } = require('../lib/config');
const { check, eventually, expectPath, expectVisible } = require('../lib/expect');
const { currentUser, logIn, newMember, signUp } = require('../lib/app');
const { createCourseByApi, makePremium } = require('../lib/a11y');
const { deliverWebhook, subscriptionActivated } = require('../lib/stripe-webhooks');
const { club, clubButton, expectRoundSavedOnceOnline } = require('../lib/round');

// From the default bag (services/contracts DEFAULT_BAG), one per hole 1-13: every club of the bag
// but the lob wedge, whose clip plays on hole 13.
const BAG_CLUBS = [
  'Driver',
  '3 Wood',
  '5 Wood',
  'Hybrid',
  '5 Iron',
  '6 Iron',
  '7 Iron',
  '8 Iron',
  '9 Iron',
  'Pitching Wedge',
  'Gap Wedge',
  'Sand Wedge',
  'Lob Wedge',
];
const SIX_MB = 6_000_000;
const SOS_AUDIO = '/media/guided/bunker-shot.mp3';

/**
 * The clip has loaded and plays (its time moves): with the network off, from the device.
 * @param {import('playwright-core').Locator} audio
 * @param {string} path the clip's address
 */
async function expectClipPlays(audio, path) {
  /** @type {unknown} */
  let last = null;
  await eventually(
    async () => {
      last = await audio.evaluate((/** @type {HTMLAudioElement} */ a) => ({
        src: a.currentSrc,
        readyState: a.readyState,
        time: a.currentTime,
        error: a.error?.code ?? null,
      }));
      const state = /** @type {{ src: string, readyState: number, time: number, error: number | null }} */ (last);
      return state.src.endsWith(path) && state.error === null && state.readyState >= 2 && state.time > 0;
    },
    `the clip ${path} plays from the device (${JSON.stringify(last)})`,
  );
}

/**
 * What CacheStorage holds: cache names, and whether `urls` are stored in any cache.
 * @param {import('playwright-core').Page} page
 * @param {string[]} urls
 */
function deviceCaches(page, urls) {
  return page.evaluate(async (paths) => {
    /* eslint-disable no-undef -- runs in the page */
    const names = await caches.keys();
    const stored = {};
    for (const path of paths) stored[path] = Boolean(await caches.match(new URL(path, location.href).href));
    return { names, stored };
    /* eslint-enable no-undef */
  }, urls);
}

/**
 * Every trace of the member the page's scripts can read: Cache Storage (cache names, stored
 * addresses and the text of stored answers), IndexedDB (every record of every store) and
 * localStorage (keys and values), searched for each of `needles` (the member's id, address, a note).
 * @param {import('playwright-core').Page} page
 * @param {string[]} needles
 * @returns {Promise<string[]>} where each needle was found ("localStorage fm.round.v1:…: <id>")
 */
function memberTraces(page, needles) {
  return page.evaluate(async (wanted) => {
    /* eslint-disable no-undef -- runs in the page */
    const found = [];
    const search = (/** @type {string} */ where, /** @type {string} */ text) => {
      for (const needle of wanted) if (text.includes(needle)) found.push(`${where}: ${needle}`);
    };
    for (const name of await caches.keys()) {
      search(`cache ${name}`, name);
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        search(`cache ${name} address`, request.url);
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        if (response && !/^(audio|video|font|image)\//.test(type))
          search(`cache ${name} ${request.url}`, await response.text());
      }
    }
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      search('IndexedDB database', name);
      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const records = await new Promise((resolve, reject) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        });
        search(`IndexedDB ${name}/${store}`, JSON.stringify(records));
      }
      db.close();
    }
    for (const key of Object.keys(localStorage)) search(`localStorage ${key}`, `${key} ${localStorage.getItem(key)}`);
    return found;
    /* eslint-enable no-undef */
  }, needles);
}

test(
  '20. Ready for the course: made ready on a phone, played offline from the device, the round saved once, Premium files gone after a downgrade',
  { timeout: config.journeyTimeout },
  journey(
    'offline-course',
    async ({ page, context, step, journal, newMemberContext }) => {
      const member = newMember('offline');
      const courseName = `Offline Links ${RUN_ID}`;
      let courseId = '';
      /** @type {{ subscriptionId: string, customerId: string, userId: string }} */
      let premium = { subscriptionId: '', customerId: '', userId: '' };
      const main = page.getByRole('main');
      const clubs = main.getByRole('group', { name: 'Choose a club' });
      const hole = (/** @type {number} */ n) => main.getByRole('heading', { name: `Hole ${n} / 18` });
      const next = main.getByRole('button', { name: 'Next Hole' });
      const shots = main.getByRole('tab');
      const clip = main.locator('audio');
      /** Media answers the page got, and whether the service worker gave them. */
      const media = /** @type {{ path: string, status: number, fromServiceWorker: boolean }[]} */ ([]);
      page.on('response', (res) => {
        const { pathname } = new URL(res.url());
        if (pathname.startsWith('/media/')) {
          media.push({ path: pathname, status: res.status(), fromServiceWorker: res.fromServiceWorker() });
        }
      });

      await step('a Premium member makes a course ready for the course from its card', async () => {
        await signUp(page, member);
        premium = await makePremium(page);
        courseId = await createCourseByApi(page, courseName);
        await page.goto('/member/my-courses');
        const card = main.getByRole('article', { name: courseName });
        await card.getByRole('button', { name: 'Ready for the course' }).click();
        await expectVisible(card.getByText('Ready offline'), 'the "Ready offline" mark', 60_000);
        const sizeText = (await card.getByText(/ on this device$/).innerText()).trim();
        const m = sizeText.match(/^([\d.]+) (MB|KB) on this device$/);
        check(m !== null, `the size is shown ("${sizeText}")`);
        const bytes = Number(m?.[1]) * (m?.[2] === 'MB' ? 1_000_000 : 1000);
        process.stdout.write(`    · offline-course › stored on the device: ${sizeText}\n`);
        journal.note(`stored on the device: ${sizeText}`);
        check(bytes > 1_000_000 && bytes <= SIX_MB, `the course takes ≤ 6 MB on the device (${sizeText})`);
        const bag = BAG_CLUBS.map((name) => `/media/clubs/${club(name).id}.mp3`);
        const { names, stored } = await deviceCaches(page, [...bag, '/media/clubs/putter.mp3', SOS_AUDIO]);
        check(
          names.includes(`fm-offline-v1:${premium.userId}:premium`) && stored[SOS_AUDIO],
          `the SOS reset is in the member's Premium cache (${names.join(', ')})`,
        );
        check(
          Object.values(stored).every(Boolean),
          `every clip of the bag is on the device (${JSON.stringify(stored)})`,
        );
      });

      await step('offline, the player opens from the device', async () => {
        media.length = 0; // from here on, what the player plays
        await context.setOffline(true);
        const res = await page.goto(`/member/course-player/${courseId}`);
        check(res?.fromServiceWorker() === true, 'the page came from the service worker');
        await expectVisible(hole(1));
        await expectVisible(main.getByText('Ready offline'));
        // The service worker is offline too: an answer the device did not store does not come.
        const unstored = await page.evaluate(() =>
          fetch('/api/courses/rounds?limit=1').then(
            (r) => `answered ${r.status}`,
            () => 'failed',
          ),
        );
        check(unstored === 'failed', `an answer not on the device fails offline (${unstored})`);
        // A media element asks for ranges: the stored whole file answers with the part asked for.
        const part = await page.evaluate(() =>
          fetch('/media/clubs/driver.mp3', { headers: { Range: 'bytes=100-199' } }).then(async (r) => ({
            status: r.status,
            range: r.headers.get('content-range'),
            bytes: (await r.arrayBuffer()).byteLength,
          })),
        );
        check(
          part.status === 206 && /^bytes 100-199\/\d+$/.test(part.range ?? '') && part.bytes === 100,
          `a Range request is answered from the stored file (${JSON.stringify(part)})`,
        );
        // The worker answers only from the caches of the member the server named last (issue 43 §2).
        const asSomeoneElse = await page.evaluate(async (memberId) => {
          /* eslint-disable no-undef -- runs in the page */
          const marker = await caches.open('fm-offline-v1:signed-in');
          const mark = (/** @type {string} */ id) =>
            marker.put('/__fm-offline/signed-in', new Response(JSON.stringify({ id })));
          await mark('someone-else');
          const answer = await fetch('/api/auth/user').then(
            (r) => `answered ${r.status}`,
            () => 'failed',
          );
          await mark(memberId);
          return answer;
          /* eslint-enable no-undef */
        }, premium.userId);
        check(asSomeoneElse === 'failed', `another member's stored answers are not served (${asSomeoneElse})`);
      });

      await step(
        'holes 1-12 offline: a club of the bag on each, its clip plays from the device, the hole scored',
        async () => {
          for (let n = 1; n <= 12; n += 1) {
            const name = /** @type {string} */ (BAG_CLUBS[n - 1]);
            await expectVisible(hole(n));
            await clubButton(clubs, name).click();
            await expectVisible(shots.filter({ hasText: `Shot 1 (${name})` }));
            await expectClipPlays(clip, `/media/clubs/${club(name).id}.mp3`);
            await main.getByRole('button', { name: new RegExp(`^${(n % 5) + 1}: `) }).click();
            if (n < 12) await next.click();
          }
          await main.getByRole('button', { name: 'Add Shot' }).click();
          await clubButton(clubs, 'Putter').click();
          await expectVisible(shots.filter({ hasText: 'Shot 2 (Putter)' }));
          await expectClipPlays(clip, '/media/clubs/putter.mp3');
        },
      );

      await step('the SOS reset plays from the device too, and closing it returns to the hole', async () => {
        await main.getByRole('button', { name: 'SOS' }).click();
        const dialog = page.getByRole('dialog', { name: 'SOS reset' });
        await expectClipPlays(dialog.locator('audio'), SOS_AUDIO);
        await dialog.getByRole('button', { name: 'Back to the hole' }).click();
        await expectVisible(hole(12));
      });

      await step('a reload on hole 12, offline, comes back to hole 12 with its shots', async () => {
        const res = await page.reload();
        check(res?.fromServiceWorker() === true, 'the reloaded page came from the service worker');
        await expectVisible(hole(12));
        await expectVisible(shots.filter({ hasText: 'Shot 1 (Sand Wedge)' }));
        await expectVisible(shots.filter({ hasText: 'Shot 2 (Putter)' }));
        check((await shots.count()) === 2, 'two shots on hole 12 after the reload');
      });

      await step('hole 13 and on to 18 offline; the round is finished and waits on the device', async () => {
        await next.click();
        await expectVisible(hole(13));
        await clubButton(clubs, 'Lob Wedge').click();
        await expectClipPlays(clip, '/media/clubs/lob-wedge.mp3');
        await main.getByRole('button', { name: /^5: / }).click();
        for (let n = 14; n <= 18; n += 1) {
          await next.click();
          await expectVisible(hole(n));
        }
        await main.getByLabel('One word for the day').fill('Unplugged');
        await main.getByRole('button', { name: 'Finish round' }).click();
        await expectVisible(main.getByText('1 round waiting for signal to be saved.'));
        const clubClips = media.filter((r) => r.path.startsWith('/media/clubs/'));
        check(
          clubClips.length >= BAG_CLUBS.length && clubClips.every((r) => r.fromServiceWorker && r.status < 400),
          `every clip came from the service worker (${clubClips.length}: ${JSON.stringify(clubClips.slice(0, 3))}…)`,
        );
      });

      await step('offline, a page that needs the network says so', async () => {
        await main.getByRole('link', { name: 'My Courses' }).first().click();
        await expectVisible(main.getByRole('heading', { name: "You're offline — this page needs a connection" }));
        await page.goBack();
        await expectVisible(hole(1));
      });

      await step('back online, the round reaches the server once', async () => {
        await expectRoundSavedOnceOnline(page, context, { courseId, holes: 13, word: 'Unplugged' });
      });

      await step('downgraded to free: the Premium SOS clip is gone from the device, the clubs stay', async () => {
        await deliverWebhook(subscriptionActivated({ ...premium, status: 'canceled' }));
        await eventually(
          async () => (await currentUser(page)).membershipLevel === 'free',
          'the member is free after the cancellation',
        );
        await page.reload();
        await expectVisible(hole(1));
        /** @type {unknown} */
        let seen = null;
        await eventually(
          async () => {
            const now = await deviceCaches(page, [SOS_AUDIO, '/media/clubs/driver.mp3']);
            seen = now;
            return !now.stored[SOS_AUDIO] && !now.names.some((n) => n.endsWith(':premium'));
          },
          `the SOS reset is gone from CacheStorage (${JSON.stringify(seen)})`,
        );
        const after = await deviceCaches(page, ['/media/clubs/driver.mp3']);
        check(after.stored['/media/clubs/driver.mp3'], 'the club clips (not Premium) are still on the device');
        await main.getByRole('button', { name: 'SOS' }).click();
        const dialog = page.getByRole('dialog', { name: 'SOS reset' });
        await expectVisible(dialog.getByRole('link', { name: 'Upgrade to Premium' }));
        check((await dialog.locator('audio').count()) === 0, 'no SOS audio for a free member');
        await dialog.getByRole('button', { name: 'Back to the hole' }).click();
      });

      await step('Log Out: the offline copies and the round in progress leave the device', async () => {
        await clubButton(clubs, 'Driver').click();
        await expectVisible(shots.filter({ hasText: 'Shot 1 (Driver)' }));
        check(
          (await memberTraces(page, [`fm.round.v1:${premium.userId}`])).length > 0,
          'the round in progress is kept on the device',
        );
        await page.getByRole('button', { name: 'Toggle sidebar' }).click();
        await page.locator('#member-sidebar').getByRole('button', { name: 'Log Out' }).click();
        await expectPath(page, '/');
        const { names } = await deviceCaches(page, []);
        check(!names.some((n) => n.startsWith('fm-offline-v1:')), `no member cache left (${names.join(', ')})`);
        const left = await memberTraces(page, [premium.userId]);
        check(left.length === 0, `nothing of the member is left (${left.join('; ')})`);
      });

      const note = `Shared computer ${RUN_ID}`;
      await step(
        'a shared computer: ready again and a round with a note, then "sign out of all devices" from the phone',
        async () => {
          await logIn(page, member);
          await page.goto('/member/my-courses');
          const card = main.getByRole('article', { name: courseName });
          await card.getByRole('button', { name: 'Ready for the course' }).click();
          await expectVisible(card.getByText('Ready offline'), 'the "Ready offline" mark', 60_000);
          await page.goto(`/member/course-player/${courseId}`);
          await clubButton(clubs, 'Driver').click();
          await main.getByLabel('Note for hole 1 (optional)').fill(note);
          await eventually(
            async () => (await memberTraces(page, [note, `fm-offline-v1:${premium.userId}:data`])).length === 2,
            'the note and the course are on the device',
          );
          await page.request.delete(`${config.baseUrl}/api/courses/${courseId}`);
          // Left on a page outside the player's scope: the app's own answer must apply the rule.
          await page.goto('/member/my-courses');
          const phone = await newMemberContext({ viewport: { width: 390, height: 844 } });
          await logIn(phone, member);
          const res = await phone.request.post(`${config.baseUrl}/api/auth/logout-all`, {
            headers: { Origin: new URL(config.baseUrl).origin },
          });
          check(res.status() === 204, `the phone signed out of all devices (${res.status()})`);
        },
      );

      await step("the computer's next GET /api/auth/user answers 401: no trace of the member on it", async () => {
        const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/user');
        await page.reload(); // /member/my-courses: the service worker does not see this answer
        const res = await answered;
        check(res.status() === 401 && !res.fromServiceWorker(), 'the reload asked the server who is signed in: nobody');
        await expectPath(page, '/login');
        const needles = [premium.userId, member.email, note];
        // The app applies the rule as the answer comes: once no cache is named for the member (read by
        // name only: opening a cache the rule is deleting would create it again), everything is read.
        await eventually(
          async () => (await deviceCaches(page, [])).names.every((n) => !n.includes(premium.userId)),
          'the member caches are deleted',
        ).catch(() => undefined);
        const left = await memberTraces(page, needles);
        check(
          left.length === 0,
          `no trace of the member in Cache Storage, IndexedDB or localStorage (${left.join('; ')})`,
        );
      });

      await step('offline, the player asks to sign in and shows nobody', async () => {
        await context.setOffline(true);
        const res = await page.goto(`/member/course-player/${courseId}`);
        check(res?.fromServiceWorker() === true, 'the page came from the service worker');
        await expectVisible(main.getByRole('heading', { name: 'Sign in to use your offline courses' }));
        check((await hole(1).count()) === 0 && (await page.getByText(courseName).count()) === 0, 'no course shown');
        await context.setOffline(false);
      });
    },
    { viewport: { width: 390, height: 844 } },
  ),
);
