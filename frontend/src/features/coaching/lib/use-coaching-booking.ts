import { useCallback, useState } from 'react';
import type { CoachingHold, CoachingSlot } from '@fm/contracts';
import { getServerMessage, isApiError } from '@/lib/base-query';
import { useCreateCoachingHoldMutation } from '@/features/coaching/api/create-coaching-hold';
import { detectedTimeZone } from '@/features/coaching/lib/time-zones';

/**
 * The member's pick on /coaching-checkout (issue 48 §3):
 * picking → holding (POST /api/coaching/holds) → held (the hold's payment form, a countdown)
 *         → taken (409 SLOT_TAKEN: the next free slots to pick from) | failed (400, 429…: the server's words)
 * held → picking when the hold ends on the page (the form is SPEC's pay-without-picking one again).
 */
export type HoldState =
  | { status: 'picking'; ended?: string }
  | { status: 'holding'; start: string }
  | { status: 'held'; hold: CoachingHold }
  | { status: 'taken'; start: string; next: CoachingSlot[] }
  | { status: 'failed'; start: string; message: string };

export type CoachingBooking = ReturnType<typeof useCoachingBooking>;

/** The 409's next free slots, when the answer is SLOT_TAKEN. */
function slotTaken(error: unknown): CoachingSlot[] | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const data = error.data as { code?: unknown; next?: unknown } | undefined;
  return data?.code === 'SLOT_TAKEN' && Array.isArray(data.next) ? (data.next as CoachingSlot[]) : null;
}

export function useCoachingBooking() {
  const [timeZone, setTimeZone] = useState(detectedTimeZone);
  const [state, setState] = useState<HoldState>({ status: 'picking' });
  const [createHold] = useCreateCoachingHoldMutation();

  const pick = useCallback(
    async (start: string) => {
      setState({ status: 'holding', start });
      try {
        const hold = await createHold({ start, timeZone }).unwrap();
        setState({ status: 'held', hold });
      } catch (error) {
        const next = slotTaken(error);
        setState(
          next
            ? { status: 'taken', start, next }
            : {
                status: 'failed',
                start,
                message: getServerMessage(error) ?? 'This time could not be held. Try again.',
              },
        );
      }
    },
    [createHold, timeZone],
  );

  /** The hold's lifetime is over on the page: back to picking, saying which time was let go. */
  const expire = useCallback((label: string) => setState({ status: 'picking', ended: label }), []);

  return {
    timeZone,
    setTimeZone,
    state,
    pick,
    expire,
    /** The held slot's payment (its client secret), while held. */
    heldPayment: state.status === 'held' ? { clientSecret: state.hold.clientSecret } : null,
  };
}
