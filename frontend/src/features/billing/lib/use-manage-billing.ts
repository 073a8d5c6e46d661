import { useCallback } from 'react';
import { useToast } from '@/components/toast/use-toast';
import { getServerMessage } from '@/lib/base-query';
import { useOpenBillingPortalMutation } from '@/features/billing/api/open-billing-portal';

/** Leaves the SPA for the billing portal; tests watch it with vi.spyOn(portalNavigation, 'assign'). */
export const portalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Our "manage billing" action: asks billing for a Stripe portal session when clicked (a portal
 * URL is never stored or mailed) and goes there; a refusal is shown as a toast.
 */
export function useManageBilling() {
  const { toast } = useToast();
  const [openPortal, { isLoading: opening }] = useOpenBillingPortalMutation();
  const manageBilling = useCallback(async () => {
    try {
      const { url } = await openPortal().unwrap();
      portalNavigation.assign(url);
    } catch (error) {
      toast({
        title: 'Error',
        description: getServerMessage(error) ?? 'The billing portal is not available right now',
        variant: 'destructive',
      });
    }
  }, [openPortal, toast]);
  return { manageBilling, opening };
}
