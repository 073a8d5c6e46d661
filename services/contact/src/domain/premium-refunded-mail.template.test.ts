import { premiumRefundedFounderMail, premiumRefundedMemberMail } from './premium-refunded-mail.template';

const site = {
  productName: 'Fairway Mind',
  siteOrigin: 'https://fairwaymind.example',
  supportEmail: 'help@example.com',
};
const refund = {
  userId: 'user-1',
  memberEmail: 'ada@example.com',
  memberName: 'Ada Lovelace',
  invoiceId: 'in_123',
  amountRefundedCents: 1999,
  currency: 'usd',
  cardLast4: '4242',
  source: 'guarantee' as const,
  eventId: 'guarantee-user-1',
  occurredAt: '2026-05-01T10:00:00.000Z',
};

describe('premium refunded mails', () => {
  it('when the guarantee refunded a member, then their mail says the amount, the card, when it arrives and that Premium ended', () => {
    const mail = premiumRefundedMemberMail(refund, site);
    expect(mail.subject).toBe('Your Fairway Mind Premium payment was refunded');
    for (const part of [
      '$19.99',
      'card ending in 4242',
      '5–10 business days',
      '30-day money-back guarantee',
      'Premium membership has ended',
    ]) {
      expect(mail.text).toContain(part);
      expect(mail.html).toContain(part);
    }
  });

  it('when Stripe did not name the card, then the mail says the card paid with', () => {
    expect(premiumRefundedMemberMail({ ...refund, cardLast4: null }, site).text).toContain('the card you paid with');
  });

  it('when the founder is told, then the member, amount, how and invoice, and a reply goes to the member', () => {
    const mail = premiumRefundedFounderMail({ ...refund, source: 'dispute' }, 'Fairway Mind');
    expect(mail.subject).toBe('Premium refund: Ada Lovelace');
    expect(mail.text).toContain('($19.99) was refunded by a lost dispute');
    expect(mail.text).toContain('in_123');
    expect(mail.replyTo).toEqual({ name: 'Ada Lovelace', address: 'ada@example.com' });
  });
});
