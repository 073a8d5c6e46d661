import { FaqAccordion } from '@/features/member/components/faq-accordion';
import { MEMBER_FAQ } from '@/features/member/member-content';
import { useMemberPage } from '@/features/member/api/get-member-page';
import { ContentSkeleton, PremiumContent } from '@/features/member/components/premium-content';
import { useWithAppNames } from '@/features/member/lib/app-names';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

/** /member/faq: six single-open questions (Premium, from the content service). */
export default function MemberFaqPage() {
  const withAppNames = useWithAppNames();
  const page = useMemberPage('faq');
  return (
    <>
      <MemberPageHeader title={MEMBER_FAQ.title} subtitle={MEMBER_FAQ.subtitle} />
      <PremiumContent result={page} skeleton={<ContentSkeleton height={360} />}>
        {({ entries }) => (
          <FaqAccordion
            entries={entries.map(({ question, answer }) => ({
              question: withAppNames(question),
              answer: withAppNames(answer),
            }))}
          />
        )}
      </PremiumContent>
    </>
  );
}
