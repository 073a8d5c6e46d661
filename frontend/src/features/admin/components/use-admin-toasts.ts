import { useCallback } from 'react';
import { useToast } from '@/components/toast/use-toast';
import { getServerMessage } from '@/lib/base-query';

/** Toasts of the console: a save confirmed, or the server's own message when a write failed. */
export function useAdminToasts() {
  const { toast } = useToast();
  const saved = useCallback((title: string, description?: string) => toast({ title, description }), [toast]);
  const failed = useCallback(
    (error: unknown, fallback: string) =>
      toast({ title: 'Error', description: getServerMessage(error) ?? fallback, variant: 'destructive' }),
    [toast],
  );
  return { saved, failed };
}
