import { act, useLayoutEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store';
import { SiteHeader } from '@/components/layouts/site-header';
import { FaqAccordion } from '@/components/ui/faq-accordion';
import { VideoFacade } from '@/components/ui/video-facade';
import { resetViewport, setViewportWidth } from '@/testing/viewport';

/*
 * Islands (public/boot.js): on a prerendered page a control answers before the app is live by
 * changing its own attributes; the app then hydrates that markup without a mismatch and
 * carries on from the state the visitor left.
 */

const items = [
  { question: 'First?', answer: 'One.' },
  { question: 'Second?', answer: 'Two.' },
];

let root: Root | null = null;
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  resetViewport();
});

/** The server's HTML in the page, `before` (what boot.js did), then hydration. */
function hydrate(element: React.ReactElement, before: (container: HTMLElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.appendChild(container);
  before(container);
  const recoverable = vi.fn();
  const consoleError = vi.spyOn(console, 'error');
  act(() => {
    root = hydrateRoot(container, element, { onRecoverableError: recoverable });
  });
  const errors = consoleError.mock.calls.map((call) => String(call[0]));
  consoleError.mockRestore();
  return { container, recoverable, errors };
}

const click = (element: Element) =>
  act(() => {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });

describe('FAQ accordion as an island', () => {
  it('hydrates a question opened before the app, then keeps one answer open at a time', () => {
    const { container, recoverable, errors } = hydrate(<FaqAccordion items={items} />, (page) => {
      // boot.js: the first question opened.
      const first = page.querySelectorAll('button')[0]!;
      first.setAttribute('aria-expanded', 'true');
      document.getElementById(first.getAttribute('aria-controls')!)!.hidden = false;
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
    const [first, second] = Array.from(container.querySelectorAll('button'));
    expect(first).toHaveAttribute('data-fm-live');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(first!.getAttribute('aria-controls')!)).not.toHaveAttribute('hidden');

    click(second!);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(first!.getAttribute('aria-controls')!)).toHaveAttribute('hidden');
    click(second!);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('video poster as an island', () => {
  it('hydrates with the player boot.js put in place, and does not start it again', () => {
    const url = 'https://www.youtube.com/watch?v=abcDEF12345';
    const { container, recoverable, errors } = hydrate(<VideoFacade url={url} title="Lesson 1" />, (page) => {
      const poster = page.querySelector<HTMLButtonElement>('[data-fm-video]')!;
      const frame = document.createElement('iframe');
      frame.src = poster.dataset.fmSrc!;
      frame.title = poster.dataset.fmTitle!;
      poster.previousElementSibling!.appendChild(frame);
      poster.hidden = true;
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
    const frames = container.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0]).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1');
    expect(container.querySelector('[data-fm-video]')).toHaveAttribute('hidden');
  });

  it('plays once the app is live: the player replaces nothing but the poster', () => {
    const { container } = hydrate(<VideoFacade url="https://vimeo.com/123456" title="Lesson 2" />, () => undefined);
    expect(container.querySelector('iframe')).toBeNull();
    click(container.querySelector('[data-fm-video]')!);
    expect(container.querySelector('iframe')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/123456?autoplay=1',
    );
    expect(container.querySelector('iframe')).toHaveAttribute('title', 'Lesson 2');
    expect(container.querySelector('[data-fm-video]')).toHaveAttribute('hidden');
  });
});

/** Taps the phone menu's button in the hydration's commit: after the tap-able markup is React's,
 * before the render that knows the screen's size (useMediaQueryAfterHydration). */
function TapMenuOnHydration() {
  useLayoutEffect(() => {
    document.querySelector<HTMLButtonElement>('header [aria-label="Open menu"]')!.click();
  }, []);
  return null;
}

describe('phone menu as an island', () => {
  const header = (tap: boolean) => (
    <AppProvider store={makeStore()}>
      <MemoryRouter initialEntries={['/about']}>
        <SiteHeader />
        {tap && <TapMenuOnHydration />}
      </MemoryRouter>
    </AppProvider>
  );
  // The one disclosure with labels for both states (boot.js's data-fm-labels): the menu button.
  const menuButton = (container: HTMLElement) => container.querySelector('header [data-fm-labels]')!;
  const menu = (container: HTMLElement) => container.querySelector<HTMLElement>('nav[aria-label="Mobile"]')!;

  it('hydrates a menu opened before the app and keeps it open', () => {
    setViewportWidth(375);
    const { container, recoverable } = hydrate(header(false), (page) => {
      // boot.js: the menu opened.
      const button = menuButton(page);
      button.setAttribute('aria-expanded', 'true');
      button.setAttribute('aria-label', 'Close menu');
      menu(page).hidden = false;
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(menuButton(container)).toHaveAttribute('data-fm-live');
    expect(menuButton(container)).toHaveAttribute('aria-expanded', 'true');
    expect(menu(container)).not.toHaveAttribute('hidden');
    click(menuButton(container));
    expect(menuButton(container)).toHaveAttribute('aria-expanded', 'false');
    expect(menu(container)).toHaveAttribute('hidden');
  });

  it('opens on a tap that comes right after hydration, before the screen is known', () => {
    setViewportWidth(375);
    const { container, recoverable } = hydrate(header(true), () => undefined);
    expect(recoverable).not.toHaveBeenCalled();
    expect(menuButton(container)).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton(container)).toHaveAttribute('aria-label', 'Close menu');
    expect(menu(container)).not.toHaveAttribute('hidden');
  });
});
