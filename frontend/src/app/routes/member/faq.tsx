import { FaqAccordion } from '@/features/member/components/faq-accordion';
import { MEMBER_FAQ } from '@/features/member/member-content';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

/** /member/faq: six single-open questions. */
export default function MemberFaqPage() {
  return (
    <>
      <MemberPageHeader title="FAQs" subtitle="Quick answers to the questions members ask most." />
      <FaqAccordion entries={MEMBER_FAQ} />
    </>
  );
}
