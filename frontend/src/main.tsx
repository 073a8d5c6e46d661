import '@fontsource-variable/fraunces';
import '@fontsource-variable/inter';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { refreshPrerenderedCatalogue } from '@/app/prerendered-catalogue';
import { makeStore } from '@/app/store';
import { prerenderedState } from '@/lib/api';
import { reloadOnStaleChunks } from '@/lib/reload-on-stale-chunks';

reloadOnStaleChunks();

const store = makeStore();
const container = document.getElementById('root')!;
// A prerendered public page (scripts/prerender.mjs) carries the API answers it was rendered
// with: the store starts from them, so the first render matches the HTML and hydrates it.
const prerendered = document.getElementById('fm-state');
if (prerendered?.textContent) store.dispatch(prerenderedState(JSON.parse(prerendered.textContent)));

const app = (
  <StrictMode>
    <AppProvider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>
);

if (prerendered && container.firstElementChild) {
  // In a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (the HTML already shows it; a click meanwhile
  // hydrates its part first).
  startTransition(() => {
    hydrateRoot(container, app);
  });
  // After the page is live: only a catalogue changed since the prerender updates the page.
  // public/boot.js starts the app on the visitor's first intent, usually long after "load".
  const refresh = () => setTimeout(() => void refreshPrerenderedCatalogue(store), 1000);
  if (document.readyState === 'complete') refresh();
  else window.addEventListener('load', refresh, { once: true });
} else {
  createRoot(container).render(app);
}
