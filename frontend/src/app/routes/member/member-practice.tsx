import { PracticeHome } from '@/features/practice/components/practice-home';
import { useSectionSlug } from '@/app/routes/member/practice-links';

/** Member home's practice part (continue, Today's 10, streak and calendar). */
export function MemberPractice() {
  return <PracticeHome sectionSlug={useSectionSlug()} />;
}
