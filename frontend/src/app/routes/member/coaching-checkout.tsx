import { PageTitle } from '@/components/ui/page-title';
import { CheckoutPage } from '@/features/billing/components/checkout-page';
import { SlotPicker } from '@/features/billing/components/slot-picker';

/** /coaching-checkout: the founder's open times in the member's zone, then the one-time coaching payment. */
export default function CoachingCheckoutPage() {
  return (
    <>
      <PageTitle title="Coaching Checkout" />
      <CheckoutPage kind="coaching" intro={<SlotPicker />} />
    </>
  );
}
