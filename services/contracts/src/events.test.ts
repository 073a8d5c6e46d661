import { JOBS, jobIdFor, membershipEventStamp, QUEUES } from './events';

describe('the event contracts', () => {
  const upgraded = JOBS[QUEUES.membershipEvents]['membership-upgraded'];
  const valid = {
    userId: 'u1',
    stripeCustomerId: 'cus_1',
    stripeSubscriptionId: 'sub_1',
    eventId: 'evt_1',
    occurredAt: '2026-01-01T00:00:00.000Z',
  };

  it('when an upgrade carries every field, then it parses', () => {
    expect(upgraded.parse(valid)).toEqual(valid);
  });

  it('when an upgrade lacks a field or has a date without offset, then it is refused', () => {
    const { stripeCustomerId: _dropped, ...partial } = valid;
    expect(upgraded.safeParse(partial).success).toBe(false);
    expect(upgraded.safeParse({ ...valid, occurredAt: '2026-01-01 00:00' }).success).toBe(false);
  });

  it('when two membership events of one second carry stamps, then the later stage of life is newer, and a stampless job of old compares alike', () => {
    const created = { ...valid, stamp: { at: 1_767_225_600, rank: 0 } };
    const paid = { ...valid, stamp: { at: 1_767_225_600, rank: 1 } };
    expect(upgraded.parse(paid)).toEqual(paid);
    expect(membershipEventStamp(paid).getTime()).toBeGreaterThan(membershipEventStamp(created).getTime());
    const legacy = { ...valid, occurredAt: '2026-01-01T00:00:00.001Z' };
    expect(membershipEventStamp(legacy)).toEqual(membershipEventStamp(paid));
    expect(upgraded.safeParse({ ...valid, stamp: { at: 1, rank: 9 } }).success).toBe(false);
  });

  it('when a source id holds characters BullMQ refuses, then the job id replaces them', () => {
    expect(jobIdFor('stripe', 'evt:1/2')).toBe('stripe-evt_1_2');
  });

  it('when two membership events of one subscription are compared, then the later one has the greater stamp', () => {
    const earlier = membershipEventStamp({ occurredAt: '2026-05-01T10:00:00.000Z' });
    const later = membershipEventStamp({ occurredAt: '2026-05-01T10:00:00.001Z' });
    expect(later.getTime()).toBeGreaterThan(earlier.getTime());
    expect(membershipEventStamp({ occurredAt: '2026-05-01T10:00:00.000Z' })).toEqual(earlier);
  });

  it('when a forgot-password request is queued, then it carries only the email, its own id and its time', () => {
    const schema = JOBS[QUEUES.passwordResetRequests]['password-reset-request'];
    const request = {
      email: 'ada@example.com',
      requestId: '6f1c8a52-5d0b-4f5e-9a51-8a3b2f0c9d11',
      requestedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(schema.parse(request)).toEqual(request);
    expect(schema.safeParse({ ...request, requestId: 'a:b' }).success).toBe(false);
    expect(schema.safeParse({ ...request, email: 'not-an-email' }).success).toBe(false);
  });
});
