import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { makeStore } from '@/app/store';

const store = makeStore();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
