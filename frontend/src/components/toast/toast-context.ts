import { createContext } from 'react';
import type { ToastItem, ToastOptions } from '@/components/toast/toast-store';

export type ToastHandle = {
  id: string;
  dismiss: () => void;
  update: (patch: Partial<ToastOptions>) => void;
};

export type ToastContextValue = {
  toasts: ToastItem[];
  toast: (options: ToastOptions) => ToastHandle;
  dismiss: (id?: string) => void;
};

export const ToastContext = createContext<ToastContextValue | null>(null);
