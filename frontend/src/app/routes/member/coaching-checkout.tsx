import { PageTitle } from '@/components/ui/page-title';
import { CheckoutPage } from '@/features/billing/components/checkout-page';

/** /coaching-checkout: the one-time coaching payment. */
export default function CoachingCheckoutPage() {
  return (
    <>
      <PageTitle title="Coaching Checkout" />
      <CheckoutPage kind="coaching" />
    </>
  );
}
