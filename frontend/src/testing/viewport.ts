/**
 * jsdom has no layout and no matchMedia. This matchMedia answers min-width / max-width
 * queries from window.innerWidth, so `setViewportWidth(375)` makes MUI's useMediaQuery see a phone.
 */
const DEFAULT_WIDTH = 1280;
type Listener = (event: MediaQueryListEvent) => void;
const lists = new Set<{ query: string; listeners: Set<Listener>; last: boolean }>();

function evaluate(query: string, width: number): boolean {
  const parts = query
    .split(/\band\b|,/i)
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.every((part) => {
    const min = part.match(/min-width:\s*([\d.]+)px/);
    if (min) return width >= Number(min[1]);
    const max = part.match(/max-width:\s*([\d.]+)px/);
    if (max) return width <= Number(max[1]);
    if (/prefers-reduced-motion:\s*reduce/.test(part)) return false;
    return true;
  });
}

export function installMatchMedia() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => {
      const entry = { query, listeners: new Set<Listener>(), last: evaluate(query, window.innerWidth) };
      lists.add(entry);
      const mql = {
        get matches() {
          return evaluate(query, window.innerWidth);
        },
        media: query,
        onchange: null,
        addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
        removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
        addListener: (listener: Listener) => entry.listeners.add(listener),
        removeListener: (listener: Listener) => entry.listeners.delete(listener),
        dispatchEvent: () => true,
      };
      return mql as unknown as MediaQueryList;
    },
  });
}

/** Resize the jsdom window and notify media-query listeners. */
export function setViewportWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  for (const entry of lists) {
    const matches = evaluate(entry.query, width);
    if (matches !== entry.last) {
      entry.last = matches;
      for (const listener of entry.listeners) listener({ matches, media: entry.query } as MediaQueryListEvent);
    }
  }
  window.dispatchEvent(new Event('resize'));
}

export function resetViewport() {
  lists.clear();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: DEFAULT_WIDTH });
}
