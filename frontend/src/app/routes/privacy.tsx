import { paths } from '@/config/paths';
import { SESSION_COOKIE_NAME, SIDEBAR_COOKIE_MAX_AGE, SIDEBAR_COOKIE_NAME } from '@/config/cookies';
import type { SiteFacts } from '@/lib/site-config';
import { sitePrices } from '@/lib/premium-plans';
import { Items, LegalPage, Mail, P, RETENTION, To, type LegalSection } from '@/app/routes/legal-page';

const sidebarCookieDays = SIDEBAR_COOKIE_MAX_AGE / (24 * 60 * 60);

/** The policy's sections, with the facts of the site config. */
export function privacySections(site: SiteFacts): LegalSection[] {
  const { productName, supportEmail, founderName } = site;
  // The free trial's record while the server offers one (GET /api/config prices.trialDays).
  const trialDays = sitePrices(site).trialDays;
  return [
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: (
        <>
          <P>
            {productName} teaches golfers the mental game through video lessons, audio sessions, drills and one-on-one
            coaching with {founderName}. This policy says what {productName} keeps about you, why, for how long, who
            helps us run it, and how you can take your data with you or have it deleted. It describes what the service
            really does.
          </P>
          <P>
            Questions about your data go to <Mail address={supportEmail} /> or through the{' '}
            <To href={paths.contact.getHref()}>contact form</To>.
          </P>
        </>
      ),
    },
    {
      id: 'what-we-keep',
      title: 'What we keep and why',
      body: (
        <>
          <P>{productName} is made of a few small services. Each keeps only what it needs:</P>
          <Items>
            <li>
              <strong>Your account.</strong> Your e-mail address, your password (stored only as a one-way bcrypt hash
              that nobody can read back), your first and last name if you give them, your membership (Free or Premium),
              whether you have confirmed your e-mail address, and when the account was created and last changed. We need
              these to sign you in and to give you what your membership includes.
            </li>
            <li>
              <strong>Signing in.</strong> When you sign up or log in we keep a session holding nothing but your
              account&apos;s id, and your browser keeps a cookie pointing to it (see Cookies). To check access quickly,
              the service also keeps a short-lived copy of your account details next to it.
            </li>
            <li>
              <strong>Protection against abuse.</strong> We count sign-ups, log-in attempts, password-reset requests and
              contact messages per IP address, and failed log-ins and payment attempts per account, so nobody can guess
              passwords or flood the service. The counters expire on their own after their window (10 minutes to an
              hour).
            </li>
            <li>
              <strong>Password resets and address confirmation.</strong> A reset link works once and for a limited time;
              a confirmation link works once and for {RETENTION.verificationLinkHours} hours. We store only a
              fingerprint (hash) of each link, never the link itself.
            </li>
            <li>
              <strong>Lessons and programme content.</strong> The catalogue of lessons, lectures and sections holds
              nothing about you.
            </li>
            <li>
              <strong>Your courses.</strong> The course layouts you create (name, description, town, state or province,
              country, the par of each hole, photo and scorecard links, public or private), the likes and favourites you
              give, and your name as the owner. A course you make public is shown to other members with your first and
              last name; a private one only to you. Your bag (the clubs you carry) and the rounds you save from the
              course player: for each hole how well you stayed with your routine (1 to 5) and your note, and your review
              of the round. The shots of a round in progress stay in your browser&apos;s storage on your device and
              never reach our servers; finishing or restarting the round clears them.
            </li>
            <li>
              <strong>Your practice.</strong> While you listen to or watch an item, the player tells us every 15 seconds
              which item it is, where you are in it and how many seconds you actually played; from that we keep your
              progress on each item (position, time played, when you finished it), the minutes you practised each day,
              your daily plan (&ldquo;Today&apos;s 10&rdquo;), your time zone and your reminder setting.
            </li>
            <li>
              <strong>Your messages.</strong> What you send through the contact form (name, e-mail address and message),
              whether you were signed in and your membership at the time (it sets how soon we answer), and our replies.
              Signed in, a message carries your account&apos;s name and e-mail address, and our replies go to that
              address, whatever the form said. Each message is also e-mailed to {founderName} so it can be answered.
            </li>
            <li>
              <strong>Payments.</strong> When you subscribe to Premium or book coaching, your card details go straight
              from your browser to Stripe and never reach our servers. We keep the Stripe customer and subscription that
              belong to you, your subscription&apos;s status, plan (monthly or annual) and billing period, a record of
              each Premium payment and refund (amount, date, invoice number), and your coaching bookings (amount,
              status, the time of the session and a note of {founderName}&apos;s), with the e-mail address and name you
              booked with, so the session can be arranged.
            </li>
            {trialDays > 0 && (
              <li>
                <strong>Free trial.</strong> When you start the {trialDays}-day free trial, your card is saved at Stripe
                (nothing is charged until the trial ends) and we keep a record that you had a trial: when it started,
                the subscription, a one-way fingerprint (hash) of your e-mail address if you had confirmed it, and
                Stripe&apos;s fingerprint of the card, never the address or the card itself. We use them only to keep
                the trial once per person, and to e-mail you 3 days before the first payment with the amount, the date
                and a cancel link.
              </li>
            )}
            <li>
              <strong>E-mails we send you.</strong> Account mails (welcome, address confirmation, password reset,
              password changed, account deleted), payment mails (a failed payment, a refund), coaching bookings and
              their scheduling, and {founderName}&apos;s replies to your messages. Only if you ask for them, and only to
              a confirmed address: the monthly newsletter and the daily practice reminder, each with a one-click
              unsubscribe link that needs no login; we keep your choice, when you changed it, and a record of each
              newsletter sent to you. We keep a record of which mail went to which address, so that none is ever sent
              twice.
            </li>
            <li>
              <strong>Server logs.</strong> Our web server records each request (IP address, time, the address asked
              for, the result and a request number) to keep the service running and to investigate faults and abuse.
            </li>
          </Items>
          <P>We do not sell your data, show advertising, or use analytics or tracking services.</P>
        </>
      ),
    },
    {
      id: 'how-long',
      title: 'How long we keep it',
      body: (
        <Items>
          <li>
            <strong>
              Your account, courses, likes, favourites, bag and rounds, practice history and settings, newsletter
              choice, messages and our replies, and the records of mails sent:
            </strong>{' '}
            until you delete your account (see below), or until you delete a course yourself.
          </li>
          <li>
            <strong>Sessions:</strong> a session ends {RETENTION.sessionDays} days after it began, or when you log out.
            Using the site near the end of that time renews it for another {RETENTION.sessionDays} days. &ldquo;Sign out
            everywhere&rdquo; on your account page ends all of them at once, and so does a password change or reset
            (except, for a change, the session you made it in).
          </li>
          <li>
            <strong>The short-lived copy of your account details:</strong> at most {RETENTION.accountCacheDays} days
            after it was last refreshed; it is removed when you delete your account.
          </li>
          <li>
            <strong>Mail waiting to be sent:</strong> the address and text of a mail are held only until it is handed to
            our mail relay; a mail that cannot be sent is dropped after {RETENTION.mailJobDays} days.
          </li>
          <li>
            <strong>Payment and booking records:</strong> as long as we need them for our accounts and for the law, also
            after you delete your account, but then without your name and e-mail address. Stripe keeps its own records
            of the payments it processed.
          </li>
        </Items>
      ),
    },
    {
      id: 'processors',
      title: 'Who helps us run it',
      body: (
        <>
          <P>Two companies process personal data for us, only to do their part of the service:</P>
          <Items>
            <li>
              <strong>Stripe</strong> takes the payments for Premium and coaching: your card details, billing name,
              e-mail address and payment history. Stripe&apos;s script is loaded only on the checkout pages.
            </li>
            <li>
              <strong>Our e-mail relay</strong> delivers the mails we send you: your e-mail address and the mail itself.
            </li>
          </Items>
          <P>
            Lesson videos are played from YouTube (in its privacy-enhanced mode) or Vimeo. The player loads only when
            you press play; from then on the video provider receives your IP address and may set its own cookies.
          </P>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your data: see it, take it, correct it, delete it',
      body: (
        <Items>
          <li>
            <strong>Take it with you.</strong> &ldquo;Download my data&rdquo; on your{' '}
            <To href={paths.member.account.getHref()}>account page</To> gives you, in one file (JSON), your profile and
            membership, your newsletter choice, your courses with the likes and favourites you gave, your bag and
            rounds, your practice history and settings, your subscription and coaching bookings, and the messages you
            sent us.
          </li>
          <li>
            <strong>Correct it.</strong> Change your name on the account page. Your e-mail address cannot be changed
            there; write to us and we will help.
          </li>
          <li>
            <strong>Delete it.</strong> &ldquo;Delete account&rdquo; on the account page (you confirm with your
            password) deletes your account and sign-in at once and ends every session; your courses with every like and
            favourite on them, the likes and favourites you gave, your bag and rounds, your practice history and
            settings, your messages with our replies and the records of the mails we sent you are erased within seconds.
            A running Premium subscription is cancelled immediately. We send you one last mail to confirm it. Messages
            you sent while logged out are erased too when you had confirmed your e-mail address; otherwise ask us and we
            will delete them, as we will the copies in {founderName}&apos;s mailbox. Payment and booking records stay,
            without your name and address (see above). If you used the 30-day money-back guarantee, we also keep a
            one-way fingerprint (hash) of your confirmed e-mail address and Stripe&apos;s fingerprint of the refunded
            card, never the address or the card itself, so that the guarantee stays once per person. The record of a
            free trial stays in the same way (the same fingerprints), so that the trial stays once per person.
          </li>
          <li>
            <strong>Ask us.</strong> For anything else, a question or a complaint, write to{' '}
            <Mail address={supportEmail} />. You may also complain to your data protection authority.
          </li>
        </Items>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <>
          <P>{productName} sets two cookies, both needed for what you asked for, and no others:</P>
          <Items>
            <li>
              <strong>
                <code>{SESSION_COOKIE_NAME}</code>
              </strong>{' '}
              keeps you logged in. It is set when you sign up or log in, holds only a random session number (signed, and
              out of reach of the page&apos;s scripts), and lasts {RETENTION.sessionDays} days or until you log out.
            </li>
            <li>
              <strong>
                <code>{SIDEBAR_COOKIE_NAME}</code>
              </strong>{' '}
              remembers whether you keep the member area&apos;s sidebar open or collapsed, for {sidebarCookieDays} days.
            </li>
          </Items>
          <P>
            Besides cookies, the course player keeps the round you are playing, and rounds finished without a signal
            until they are sent, in your browser&apos;s local storage on your device; the practice pages remember there
            that your time zone was already sent. A course you make &quot;Ready for the course&quot; is kept in the
            browser&apos;s cache storage: the course, your bag and its club clips, your account&apos;s name, address and
            level, and for Premium members the SOS reset. Signing out removes your rounds and offline courses from the
            device (with finished rounds still waiting, you are asked first whether to send them), and so does the next
            visit after you sign out of all devices, change your password elsewhere or delete your account. Clearing
            your browser&apos;s site data removes all of it.
          </P>
          <P>
            No advertising or tracking cookies. Stripe on the checkout pages, and a video provider once you press play,
            may set cookies of their own.
          </P>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact and changes',
      body: (
        <>
          <P>
            Write to <Mail address={supportEmail} /> or use the <To href={paths.contact.getHref()}>contact form</To>.
            Free members hear back within {site.freeReplyTime}, Premium members within {site.premiumReplyTime}.
          </P>
          <P>
            When this policy changes, the date at the top changes with it. The{' '}
            <To href={paths.terms.getHref()}>Terms of Service</To> cover memberships, payments and refunds.
          </P>
        </>
      ),
    },
  ];
}

/** /privacy: the privacy policy (public, prerendered). */
export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      lead="What we keep about you, why, for how long, who helps us, and how to take it with you or delete it."
      sections={privacySections}
    />
  );
}
