import { useContext } from 'react';
import { ToastContext, type ToastContextValue } from '@/components/toast/toast-context';

/**
 * `const { toast } = useToast(); toast({ title, description, variant: 'destructive' })`.
 * Needs <ToastProvider> above (AppProvider and the test utils include it).
 */
export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
