import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
// @mui/system's provider: our theme has no CSS-variables color schemes, so this is what
// @mui/material's ThemeProvider would render anyway, minus its CSS-vars machinery (~5 KB gzip).
import { ThemeProvider } from '@mui/system';
import type { AppStore } from '@/app/store';
import { theme } from '@/config/theme';
import { ToastProvider } from '@/components/toast/toast-provider';

/** Store, theme and toasts: everything a page needs except the router. */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </ReduxProvider>
  );
}
