import type { User } from '@fm/contracts';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { buildLesson, buildLockedLesson, freeUser } from '@/testing/data';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, waitForAppReady, within } from '@/testing/test-utils';

/** Billing, auth and content as the server answers them: lesson 2 is locked until the member is Premium. */
function serveMember(initial: User) {
  const state = { user: initial, syncs: 0, lessonReads: 0 };
  server.use(
    http.get(apiUrl('auth/user'), () => HttpResponse.json(state.user)),
    http.get(apiUrl('lessons'), () => {
      state.lessonReads += 1;
      const premium = state.user.membershipLevel === 'premium';
      return HttpResponse.json([
        buildLesson({ id: 'l1', title: 'Sweet Spot Swings', order: 1 }),
        premium
          ? buildLesson({ id: 'l2', title: 'The Reset Breath', isFree: false, locked: false, order: 2 })
          : buildLockedLesson({ id: 'l2', title: 'The Reset Breath', order: 2 }),
      ]);
    }),
    http.post(apiUrl('billing/sync'), () => {
      state.syncs += 1;
      state.user = { ...state.user, membershipLevel: 'premium' };
      return HttpResponse.json({ membershipLevel: 'premium' });
    }),
    http.get(apiUrl('billing/subscription'), () =>
      HttpResponse.json({ status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: null }),
    ),
    http.get(apiUrl('member/*'), () => HttpResponse.json([])),
  );
  return state;
}

const resetBreath = () => screen.findByRole('article', { name: 'The Reset Breath' });

describe('the billing sync after a subscription payment', () => {
  it('when a free member who saw /lessons pays, then /lessons shows the lessons unlocked without a reload', async () => {
    const state = serveMember(freeUser());
    const { navigate } = renderApp('/lessons');
    await waitForAppReady();
    expect(within(await resetBreath()).getByRole('link', { name: 'Unlock with Premium' })).toBeInTheDocument();
    expect(state.lessonReads).toBe(1);

    navigate('/member/account?payment=success');
    expect(await screen.findByLabelText('Membership: Premium')).toBeInTheDocument();
    expect(state.syncs).toBe(1);

    navigate('/lessons');
    const card = await resetBreath();
    await waitFor(() =>
      expect(within(card).getByRole('link', { name: 'Watch Now' })).toHaveAttribute('href', '/lesson/l2'),
    );
    expect(within(card).queryByRole('link', { name: 'Unlock with Premium' })).not.toBeInTheDocument();
    expect(state.lessonReads).toBe(2);
  });
});
