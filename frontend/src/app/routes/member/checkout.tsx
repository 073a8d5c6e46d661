import { PageTitle } from '@/components/ui/page-title';
import { CheckoutPage } from '@/features/billing/components/checkout-page';

/** /checkout: the Premium subscription. */
export default function SubscriptionCheckoutPage() {
  return (
    <>
      <PageTitle title="Checkout" />
      <CheckoutPage kind="subscription" />
    </>
  );
}
