import { paths } from '@/config/paths';
import { planOffers, sitePrices } from '@/lib/premium-plans';
import type { SiteFacts } from '@/lib/site-config';
import { Items, LegalPage, Mail, P, RETENTION, To, type LegalSection } from '@/app/routes/legal-page';

/** The terms' sections, with the facts of the site config (name, address, prices, reply times). */
export function termsSections(site: SiteFacts): LegalSection[] {
  const { productName, supportEmail, founderName, premiumPrice, coachingPrice, coachingSessionMinutes } = site;
  const days = RETENTION.guaranteeDays;
  const annual = planOffers(site).annual;
  // The free trial's terms while the server offers one (GET /api/config prices.trialDays).
  const trialDays = sitePrices(site).trialDays;
  return [
    {
      id: 'agreement',
      title: 'These terms',
      body: (
        <P>
          These terms apply when you use {productName}: the free pages, a Free or Premium membership and coaching with{' '}
          {founderName}. By creating an account or paying, you accept them. The{' '}
          <To href={paths.privacy.getHref()}>Privacy Policy</To> says what we keep about you and why.
        </P>
      ),
    },
    {
      id: 'account',
      title: 'Your account',
      body: (
        <Items>
          <li>Use an e-mail address of your own and keep your password to yourself. An account is for one person.</li>
          <li>
            You are responsible for what is done with your account. If you think someone else has used it, change your
            password and use &ldquo;Sign out everywhere&rdquo; on your account page.
          </li>
          <li>You can delete your account at any time from your account page.</li>
        </Items>
      ),
    },
    {
      id: 'free',
      title: 'Free membership',
      body: (
        <P>
          Free membership costs nothing and needs no card. What it includes is on the{' '}
          <To href={paths.membership.getHref()}>membership page</To>.
        </P>
      ),
    },
    {
      id: 'premium',
      title: 'Premium membership',
      body: (
        <Items>
          <li>
            Premium costs <strong>{premiumPrice}/month</strong>. On the annual plan it costs{' '}
            <strong>{annual.price}/year</strong>
            {annual.saving ? ` (${annual.saving})` : ''}. Stripe charges your card when you subscribe and then on the
            same day every month, or every year on the annual plan, until you cancel.
          </li>
          <li>
            Cancel at any time on your account page. You keep Premium until the end of the month (on the annual plan,
            the year) you have paid for, and you are not charged again. Until that day you can change your mind and
            resume.
          </li>
          <li>
            If a renewal payment fails, Stripe tries again and we e-mail you; you keep Premium meanwhile. If the payment
            cannot be collected in the end, the subscription ends and your membership returns to Free.
          </li>
          <li>
            Deleting your account cancels a running subscription at once, without a refund of the current month or year
            (use the guarantee below first if you are within it).
          </li>
        </Items>
      ),
    },
    ...(trialDays > 0
      ? [
          {
            id: 'trial',
            title: `${trialDays}-day free trial`,
            body: (
              <Items>
                <li>
                  New members can start Premium with a {trialDays}-day free trial, <strong>once per person</strong>: not
                  again on another account of the same person (we recognise a confirmed e-mail address we have seen, and
                  a card that has had a trial), and not after having paid for Premium.
                </li>
                <li>
                  You enter your card at the start; nothing is charged then. The trial and Premium start when your card
                  is saved. If that card has had a free trial before, the trial ends at once, nothing is charged, and
                  you can still subscribe to Premium.
                </li>
                <li>
                  Your first payment is taken when the trial ends: {premiumPrice}/month, or {annual.price}/year on the
                  annual plan, on the date shown at checkout and on your account page. We e-mail you 3 days before, with
                  the amount, the date and a link to cancel.
                </li>
                <li>
                  Cancel at any time during the trial with &ldquo;Cancel trial&rdquo; on your account page or the link
                  in that e-mail: the trial and Premium end at once and you are never charged. After the first payment,
                  the usual Premium terms above apply, and the money-back guarantee below counts from that payment.
                </li>
              </Items>
            ),
          },
        ]
      : []),
    {
      id: 'guarantee',
      title: `${days}-day money-back guarantee`,
      body: (
        <P>
          If Premium is not for you, ask for your money back within {days} days of your first Premium payment: use
          &ldquo;Request a refund&rdquo; on your <To href={paths.member.account.getHref()}>account page</To>. We refund
          that payment in full (on the annual plan, the whole year&rsquo;s payment) to the card you paid with (banks
          usually take 5 to 10 business days), and Premium ends and the subscription is cancelled at once. The guarantee
          covers your first payment and can be used once.
        </P>
      ),
    },
    {
      id: 'coaching',
      title: 'One-on-one coaching',
      body: (
        <P>
          A coaching session is a {coachingSessionMinutes}-minute one-on-one video session with {founderName} for a
          one-time payment of <strong>{coachingPrice}</strong>. After you pay, we e-mail you to agree on a time and send
          you an invitation for it. To move a session, write to <Mail address={supportEmail} />.
        </P>
      ),
    },
    {
      id: 'support',
      title: 'Support',
      body: (
        <P>
          Write to <Mail address={supportEmail} /> or use the <To href={paths.contact.getHref()}>contact form</To>. Free
          members hear back within {site.freeReplyTime}; Premium members get priority support within{' '}
          {site.premiumReplyTime}.
        </P>
      ),
    },
    {
      id: 'fair-use',
      title: 'Using the service fairly',
      body: (
        <Items>
          <li>
            The lessons, audio, drills and texts are ours. They are for your own practice: do not copy, share or sell
            them, and do not share a Premium account.
          </li>
          <li>
            Courses you make public are seen by other members with your name. Publish only what is yours to share and
            nothing offensive.
          </li>
          <li>Do not try to get around the access rules, overload the service or get at other members&apos; data.</li>
        </Items>
      ),
    },
    {
      id: 'no-medical-advice',
      title: 'Coaching, not treatment',
      body: (
        <P>
          {productName} teaches mental skills for golf. It is not medical or psychological treatment; if you are
          struggling with your health, please see a professional. Results depend on your practice, and we cannot promise
          a particular score.
        </P>
      ),
    },
    {
      id: 'liability',
      title: 'Our responsibility',
      body: (
        <P>
          We work to keep {productName} available and correct, but it may sometimes be unavailable or change. As far as
          the law allows, we are not liable for indirect losses, and our liability to you is limited to what you paid us
          in the last twelve months. Nothing in these terms takes away rights the law gives you as a consumer.
        </P>
      ),
    },
    {
      id: 'changes',
      title: 'Changes and contact',
      body: (
        <P>
          When these terms change, the date at the top changes with them. Questions: <Mail address={supportEmail} />.
        </P>
      ),
    },
  ];
}

/** /terms: the terms of service (public, prerendered). */
export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      lead="The terms of a Free or Premium membership and of coaching, in plain words."
      sections={termsSections}
    />
  );
}
