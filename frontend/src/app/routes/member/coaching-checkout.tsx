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
  return (
    <>
      <PageTitle title="Coaching Checkout" />
      <CheckoutPage kind="coaching" intro={<SlotPicker booking={booking} />} payment={booking.heldPayment} />
    </>
  );
}
