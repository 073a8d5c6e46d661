import '@fontsource-variable/fraunces';
import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { makeStore } from '@/app/store';
import { reloadOnStaleChunks } from '@/lib/reload-on-stale-chunks';

reloadOnStaleChunks();

const store = makeStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
