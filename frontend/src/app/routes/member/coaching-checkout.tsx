import { useState } from 'react';
import { PageTitle } from '@/components/ui/page-title';
import { CheckoutPage } from '@/features/billing/components/checkout-page';
import { SlotPicker } from '@/features/coaching/components/slot-picker';
import { useCoachingBooking } from '@/features/coaching/lib/use-coaching-booking';

/**
 * /coaching-checkout: the founder's open times in the member's zone, then the one-time coaching
 * payment: a picked time's hold's payment while it is held (issue 48 §3), else SPEC's payment
 * without a time.
 */
export default function CoachingCheckoutPage() {
  const booking = useCoachingBooking();
  // While a payment is on its way, the held time stays as it is (no other payment form swapped in).
  const [paying, setPaying] = useState(false);
  return (
    <>
      <PageTitle title="Coaching Checkout" />
      <CheckoutPage
        kind="coaching"
        intro={<SlotPicker booking={booking} locked={paying} />}
        payment={booking.heldPayment}
        onPayingChange={setPaying}
      />
    </>
  );
}
