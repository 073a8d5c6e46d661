import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { AppStore } from '@/app/store';
import { theme } from '@/app/theme';
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
